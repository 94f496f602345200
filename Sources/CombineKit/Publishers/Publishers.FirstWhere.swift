extension Publisher {
    /// Publishes the first element of a stream to satisfy a predicate closure, then finishes.
    public func first(where predicate: @escaping (Output) -> Bool) -> Publishers.FirstWhere<Self> {
        Publishers.FirstWhere(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that only publishes the first element of a stream to satisfy a predicate closure.
    public struct FirstWhere<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            // Combine's first(where:) subscription describes itself as "TryFirst" (OpenCombine FirstTests).
            upstream.subscribe(ReducingInner<Output, Failure, S>(downstream: subscriber, name: "TryFirst", initial: nil) { first, element in
                guard predicate(element) else { return false }
                first = element
                return true
            })
        }
    }
}
