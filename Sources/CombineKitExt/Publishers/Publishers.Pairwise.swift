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
            // Upstream calls `receive(_:)` serially, so the previous value needs no lock. It is kept in a
            // slot (a flag and a pointer), not an `Upstream.Output?`, whose metadata this unspecialised
            // code would look up per value; the first value is kept and refused, every later one admitted.
            let previous = LatestValueSlot<Upstream.Output>()
            upstream.subscribe(PassthroughInner<Upstream.Output, Output, Failure, S>(
                downstream: subscriber, name: "Pairwise",
                admit: { first in
                    if previous.hasValue { return true }
                    previous.value.initialize(to: first)
                    previous.hasValue = true
                    return false
                },
                transform: { current in
                    let pair = (previous.value.pointee, current)
                    previous.value.pointee = current
                    return pair
                },
                mapCompletion: identityCompletion))
        }
    }
}
