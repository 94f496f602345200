import CombineKit

extension Publisher {
    /// Turns every event — values, and the completion — into a `PublisherEvent` value, and then
    /// finishes; the result never fails (RxSwift's `materialize()`).
    ///
    /// Demand: upstream is asked for what downstream demands. The completion becomes one more value,
    /// so it waits for demand like any value and is never lost; the result finishes right after it.
    public func materialize() -> Publishers.Materialize<Self> {
        Publishers.Materialize(upstream: self)
    }
}

extension Publishers {
    /// See `Publisher.materialize()`.
    public struct Materialize<Upstream: Publisher>: Publisher {
        public typealias Output = PublisherEvent<Upstream.Output, Upstream.Failure>
        public typealias Failure = Never

        /// The publisher whose events are reified.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(MaterializeInner<Upstream, S>(downstream: subscriber))
        }
    }
}

private final class MaterializeInner<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == PublisherEvent<Upstream.Output, Upstream.Failure>, Downstream.Failure == Never {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = ExtLock()
    private var subscription: Subscription?
    private var pendingDemand = Subscribers.Demand.none
    private var ended = false
    private var queue: DeliveryQueue<Downstream.Input, Never>!

    init(downstream: Downstream) {
        queue = DeliveryQueue(downstream) { [unowned self] demand in
            let target: Subscription? = self.lock.withLock {
                if self.subscription == nil { self.pendingDemand += demand }
                return self.subscription
            }
            target?.request(demand)
        }
    }

    var description: String { "Materialize" }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard !ended, self.subscription == nil else { return false }
            self.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        queue.start(self)
        let pending: Subscribers.Demand = lock.withLock { defer { pendingDemand = .none }; return pendingDemand }
        if pending > 0 { subscription.request(pending) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard !lock.withLock({ ended }) else { return .none }
        queue.send(.value(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let active: Bool = lock.withLock {
            guard !ended else { return false }
            ended = true
            subscription = nil
            return true
        }
        guard active else { return }
        switch completion {
        case .finished: queue.enqueue(.finished)
        case .failure(let error): queue.enqueue(.failure(error))
        }
        queue.finish(.finished)
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        let target: Subscription? = lock.withLock {
            ended = true
            defer { subscription = nil }
            return subscription
        }
        target?.cancel()
    }
}
