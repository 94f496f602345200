extension Publisher {
    /// Collects all received elements, and emits a single array of the collection when the upstream finishes.
    public func collect() -> Publishers.Collect<Self> {
        Publishers.Collect(upstream: self)
    }
}

extension Publishers {
    /// A publisher that buffers items and emits them all as one array when the upstream finishes.
    public struct Collect<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(ReducingInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "Collect", initial: [], reflectedCount: { $0?.count ?? 0 }) {
                $0!.append($1)
                return false
            })
        }
    }
}
