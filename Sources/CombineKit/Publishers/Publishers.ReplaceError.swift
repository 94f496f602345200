extension Publisher {
    /// Replaces any error from the upstream publisher with the provided element, then finishes.
    @inlinable
    public consuming func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that replaces any error from the upstream publisher with a provided element.
    public struct ReplaceError<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let output: Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        // Inlinable: the inner is made in the caller's specialised code (see `Publishers.ReceiveOn.receive(subscriber:)`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReplaceErrorInner<Output, Upstream.Failure, S>(downstream: consume subscriber, replacement: output))
        }
    }
}
