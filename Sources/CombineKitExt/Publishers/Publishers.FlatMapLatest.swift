import CombineKit

extension Publisher {
    /// RxSwift's `flatMapLatest(_:)` (Combine's `map(_:).switchToLatest()`). Each upstream value is mapped to a child publisher; the previous child is cancelled before the new one is subscribed, so only the latest child's values are delivered.
    ///
    /// Demand: upstream is asked for `.unlimited` (the operator must see every upstream value as it
    /// happens); the active child is asked only for what downstream demands, and a new child inherits
    /// the demand its predecessor did not fulfil. Completes when upstream and the active child (and,
    /// for `concatMap`, every queued one) have finished; fails on the first failure of either.
    public func flatMapLatest<Child: Publisher>(_ transform: @escaping (Output) -> Child) -> Publishers.FlatMapLatest<Self, Child>
        where Child.Failure == Failure {
        Publishers.FlatMapLatest(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// See `Publisher.flatMapLatest(_:)`.
    public struct FlatMapLatest<Upstream: Publisher, Child: Publisher>: Publisher where Child.Failure == Upstream.Failure {
        public typealias Output = Child.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are mapped to child publishers.
        public let upstream: Upstream
        /// Maps an upstream value to a child publisher.
        public let transform: (Upstream.Output) -> Child

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Child) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Subscribes `subscriber` to `upstream.map(transform).switchToLatest()`: CombineKit's
        /// `switchToLatest` has the semantics described on `flatMapLatest(_:)` (the previous child cancelled
        /// before the next is subscribed, unfulfilled demand inherited) and a per-value path without run-time
        /// metadata look-ups (~2,000 instructions per child `Just`; `Benchmarks/probe-ext.sh`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.map(transform).switchToLatest().receive(subscriber: subscriber)
        }
    }
}
