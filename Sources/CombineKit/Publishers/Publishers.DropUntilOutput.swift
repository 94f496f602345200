extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P> where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that ignores elements from the upstream publisher until it receives an element
    /// from a second publisher. The second publisher is asked for one element; its failure fails
    /// the stream.
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = UntilOutputInner<Output, Failure, Other.Failure, S>(downstream: subscriber, dropsUntilTrigger: true)
            other.subscribe(UntilOutputTrigger(inner))
            upstream.subscribe(inner)
        }
    }
}
