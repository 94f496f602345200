import CombineKit

extension Publisher {
    /// RxSwift's `concatMap(_:)` (Combine's `flatMap(maxPublishers: .max(1))`, but without losing values of a hot upstream). Upstream values are mapped to child publishers that are subscribed one after the other; values that arrive while a child is active are queued (unbounded, as in RxSwift).
    ///
    /// Demand: upstream is asked for `.unlimited` (the operator must see every upstream value as it
    /// happens); the active child is asked only for what downstream demands, and a new child inherits
    /// the demand its predecessor did not fulfil. Completes when upstream and the active child (and,
    /// for `concatMap`, every queued one) have finished; fails on the first failure of either.
    @inlinable
    public func concatMap<Child: Publisher>(_ transform: @escaping (Output) -> Child) -> Publishers.ConcatMap<Self, Child>
        where Child.Failure == Failure {
        Publishers.ConcatMap(upstream: self, transform: transform)
    }
}

extension Publishers {
    /// See `Publisher.concatMap(_:)`.
    public struct ConcatMap<Upstream: Publisher, Child: Publisher>: Publisher where Child.Failure == Upstream.Failure {
        public typealias Output = Child.Output
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are mapped to child publishers.
        public let upstream: Upstream
        /// Maps an upstream value to a child publisher.
        public let transform: (Upstream.Output) -> Child

        /// Subscribes a child sink to a child publisher (see `SerialFlatMapInner.subscribeChild`).
        @usableFromInline internal let subscribeChild: (Child, SerialFlatMapInner<Upstream.Output, Child>, Int) -> Void

        @inlinable
        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Child) {
            self.upstream = upstream
            self.transform = transform
            subscribeChild = { child, parent, id in child.subscribe(SerialFlatMapChildSink(parent: parent, id: id)) }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(SerialFlatMapInner<Upstream.Output, Child>(downstream: subscriber, strategy: .concat, name: "ConcatMap",
                                                                        transform: transform, subscribeChild: subscribeChild))
        }
    }
}
