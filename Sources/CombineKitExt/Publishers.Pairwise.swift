import CombineKit

extension Publisher {
    /// Emits each value together with the one before it, starting with the second value
    /// (RxSwiftExt's `pairwise()`).
    ///
    /// The first value produces nothing; the operator asks upstream for one more in its place, so a
    /// subscriber that demands `n` pairs gets `n` pairs.
    public func pairwise() -> Publishers.Pairwise<Self> {
        Publishers.Pairwise(upstream: self)
    }
}

extension Publishers {
    /// A publisher of `(previous, current)` pairs. See `Publisher.pairwise()`.
    public struct Pairwise<Upstream: Publisher>: Publisher {
        public typealias Output = (Upstream.Output, Upstream.Output)
        public typealias Failure = Upstream.Failure

        /// The publisher whose consecutive values are paired.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // Upstream calls `receive(_:)` serially, so the previous value needs no lock.
            let previous = StepState<Upstream.Output?>(nil)
            upstream.subscribe(PassthroughInner<Upstream.Output, Failure, S>(
                downstream: subscriber, name: "Pairwise",
                step: { current in
                    defer { previous.value = current }
                    return previous.value.map { ($0, current) }
                },
                mapCompletion: identityCompletion))
        }
    }
}
