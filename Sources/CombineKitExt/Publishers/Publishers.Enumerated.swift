import CombineKit

extension Publisher {
    /// Pairs each value with its zero-based index in the stream (RxSwift's `enumerated()`).
    ///
    /// The index counts per subscription. Demand passes straight through.
    public func enumerated() -> Publishers.Enumerated<Self> {
        Publishers.Enumerated(upstream: self)
    }
}

extension Publishers {
    /// A publisher of `(index, element)` pairs. See `Publisher.enumerated()`.
    public struct Enumerated<Upstream: Publisher>: Publisher {
        public typealias Output = (index: Int, element: Upstream.Output)
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are numbered.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // Upstream calls `receive(_:)` serially, so the counter needs no lock.
            let counter = StepState(0)
            upstream.subscribe(PassthroughInner<Upstream.Output, Output, Failure, S>(
                downstream: subscriber, name: "Enumerated",
                transform: { element in
                    defer { counter.value += 1 }
                    return (index: counter.value, element: element)
                },
                mapCompletion: identityCompletion))
        }
    }
}
