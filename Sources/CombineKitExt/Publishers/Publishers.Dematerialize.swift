import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// Turns `PublisherEvent` values back into events: `.value` is emitted, `.finished` finishes and
    /// `.failure` fails, cancelling the upstream (RxSwift's `dematerialize()`). A normal completion of
    /// the upstream itself also finishes. Demand passes straight through.
    // Inlinable, as the overload below: the publisher's event-routing closure is then made in the caller's
    // code, specialised where the chain's types are concrete (see `Publishers.Dematerialize.route`).
    @inlinable
    public func dematerialize<Value, EventFailure>() -> Publishers.Dematerialize<Self, Value, EventFailure>
        where Output == PublisherEvent<Value, EventFailure>, Failure == EventFailure {
        Publishers.Dematerialize(upstream: self) { $0 }
    }

    /// Turns `PublisherEvent` values from a publisher that never fails back into events.
    ///
    /// Disfavoured so that a never-failing publisher of never-failing events (`PublisherEvent<T, Never>`,
    /// e.g. `materialize()` of a `Never` publisher), which both overloads accept, resolves to the one above
    /// instead of being ambiguous; the two behave alike there.
    @_disfavoredOverload @inlinable
    public func dematerialize<Value, EventFailure>() -> Publishers.Dematerialize<Self, Value, EventFailure>
        where Output == PublisherEvent<Value, EventFailure>, Failure == Never {
        Publishers.Dematerialize(upstream: self, mapFailure: neverToAny)
    }
}

extension Publishers {
    /// See `Publisher.dematerialize()`.
    public struct Dematerialize<Upstream: Publisher, Output, Failure: Error>: Publisher
        where Upstream.Output == PublisherEvent<Output, Failure> {
        /// The publisher of reified events.
        public let upstream: Upstream
        @usableFromInline internal let mapFailure: (Upstream.Failure) -> Failure
        /// Hands an event's value to `onValue` (returning its demand) or its end to `onEnd`. Made by the
        /// inlinable initialiser, so that where the chain is built with concrete types the event is taken
        /// apart in specialised code, not through a run-time metadata look-up per value in the inner.
        @usableFromInline internal let route: (PublisherEvent<Output, Failure>, (Output) -> Subscribers.Demand,
                                               (Subscribers.Completion<Failure>) -> Void) -> Subscribers.Demand

        /// Creates the publisher; `mapFailure` turns an upstream failure into this one's.
        @inlinable
        public init(upstream: Upstream, mapFailure: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.mapFailure = mapFailure
            route = { event, onValue, onEnd in
                switch event {
                case .value(let value): return onValue(value)
                case .finished: onEnd(.finished)
                case .failure(let error): onEnd(.failure(error))
                }
                return .none
            }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(DematerializeInner<Upstream, S>(downstream: subscriber, mapFailure: mapFailure, route: route))
        }
    }
}

private final class DematerializeInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Upstream.Output == PublisherEvent<Downstream.Input, Downstream.Failure> {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var phase = UpstreamPhase.awaitingSubscription
    /// Upstream's subscription, held while `phase` is `.subscribed`.
    @exclusivity(unchecked) private var upstream = SubscriptionSlot.empty
    private let downstream: Downstream
    private let mapFailure: (Upstream.Failure) -> Downstream.Failure
    private let route: (Input, (Downstream.Input) -> Subscribers.Demand, (Subscribers.Completion<Downstream.Failure>) -> Void) -> Subscribers.Demand

    init(downstream: Downstream, mapFailure: @escaping (Upstream.Failure) -> Downstream.Failure,
         route: @escaping (Input, (Downstream.Input) -> Subscribers.Demand, (Subscribers.Completion<Downstream.Failure>) -> Void) -> Subscribers.Demand) {
        self.downstream = downstream
        self.mapFailure = mapFailure
        self.route = route
    }

    var description: String { "Dematerialize" }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard phase == .awaitingSubscription else { return false }
            phase = .subscribed
            upstream = .holding(subscription)
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        route(input, { value in
            guard self.lock.withLock({ self.phase == .subscribed }) else { return .none }
            return self.downstream.receive(value)
        }, { completion in
            self.end(completion, cancelUpstream: true)
        })
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: end(.finished, cancelUpstream: false)
        case .failure(let error): end(.failure(mapFailure(error)), cancelUpstream: false)
        }
    }

    private func end(_ completion: Subscribers.Completion<Downstream.Failure>, cancelUpstream: Bool) {
        let subscription: Subscription?? = lock.withLock {
            guard phase == .subscribed else { return nil }
            phase = .terminal
            return .some(upstream.take())
        }
        guard let subscription else { return }
        if cancelUpstream { subscription?.cancel() }
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        let subscription: Subscription? = lock.withLock {
            if case .holding(let subscription) = upstream { return subscription }
            return nil
        }
        subscription?.request(demand)
    }

    func cancel() {
        let subscription: Subscription? = lock.withLock {
            phase = .terminal
            return upstream.take()
        }
        subscription?.cancel()
    }
}

/// Maps an impossible failure to any failure type.
@usableFromInline
internal func neverToAny<Failure>(_ never: Never) -> Failure {}
