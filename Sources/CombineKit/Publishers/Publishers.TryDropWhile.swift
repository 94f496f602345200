extension Publisher {
    /// Omits elements until an error-throwing closure returns false; a thrown error terminates the stream.
    public func tryDrop(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryDropWhile<Self> {
        Publishers.TryDropWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that omits elements from an upstream publisher until a given error-throwing closure returns false.
    public struct TryDropWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            let dropping = DroppingFlag()
            upstream.subscribe(FilteringInner<Output, Upstream.Failure, S>(downstream: subscriber, name: "TryDropWhile") { element in
                if dropping.value, try predicate(element) { return nil }
                dropping.value = false
                return element
            })
        }
    }
}
