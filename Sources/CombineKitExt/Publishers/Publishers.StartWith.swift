import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// Emits `values` first, then subscribes to this publisher and relays it (RxSwift's
    /// `startWith(_:)`; the same as Combine's `prepend(_:)`, under the name migrators look for).
    ///
    /// Demand: the prefix is delivered as downstream demands; upstream is subscribed once the last
    /// prefix value has been delivered and asked only for the demand still outstanding.
    public func startWith(_ values: Output...) -> Publishers.StartWith<Self> {
        Publishers.StartWith(upstream: self, prefix: values)
    }

    /// Emits the elements of `values` first, then relays this publisher.
    public func startWith<S: Sequence>(contentsOf values: S) -> Publishers.StartWith<Self> where S.Element == Output {
        Publishers.StartWith(upstream: self, prefix: Array(values))
    }
}

extension Publishers {
    /// See `Publisher.startWith(_:)`.
    public struct StartWith<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        /// The values emitted before the upstream's.
        public let prefix: [Output]

        public init(upstream: Upstream, prefix: [Output]) {
            self.upstream = upstream
            self.prefix = prefix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = StartWithInner<Upstream>(downstream: subscriber, upstream: upstream, prefixCount: prefix.count)
            inner.start(prefix)
        }
    }
}

/// Where `startWith`'s inner stands: sending the prefix, subscribing upstream, subscribed, or over.
/// Outside the generic inner and without a payload (the subscription is kept beside it) for the reasons
/// given on `UpstreamPhase`.
private enum StartWithPhase {
    case prefix
    case subscribing
    case subscribed
    case terminal
}

private final class StartWithInner<Upstream: Publisher>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private typealias Phase = StartWithPhase

    private let lock = Lock()
    private let upstream: Upstream
    /// Set in `init`, then only read (a class: calling it is no access to this property that lasts).
    @exclusivity(unchecked) private var queue: DeliveryQueue<Input, Failure>!
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var phase = Phase.prefix
    /// Upstream's subscription, held while `phase` is `.subscribed`.
    @exclusivity(unchecked) private var subscription = SubscriptionSlot.empty
    /// Downstream demand minus the prefix values it pays for: what upstream is owed at subscription.
    @exclusivity(unchecked) private var owed: Subscribers.Demand

    init<S: Subscriber>(downstream: S, upstream: Upstream, prefixCount: Int) where S.Input == Input, S.Failure == Failure {
        self.upstream = upstream
        owed = .none
        self.prefixRemaining = prefixCount
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.downstreamDemanded(demand) }
    }

    /// Prefix values not yet paid for by downstream demand.
    @exclusivity(unchecked) private var prefixRemaining: Int

    var description: String { "StartWith" }

    func start(_ prefix: [Input]) {
        // Enqueue before handing out the subscription: a request made from inside
        // `receive(subscription:)` must find the prefix waiting.
        for value in prefix { queue.enqueue(value) }
        queue.start(self)
        subscribeIfPrefixDelivered()
    }

    private func downstreamDemanded(_ demand: Subscribers.Demand) {
        let target: Subscription? = lock.withLock {
            switch phase {
            case .subscribed:
                if case .holding(let subscription) = subscription { return subscription }
                return nil
            case .prefix, .subscribing:
                // The prefix consumes demand first; the rest is owed to upstream.
                var remaining = demand
                if prefixRemaining > 0 {
                    let paid = min(prefixRemaining, remaining.max ?? prefixRemaining)
                    prefixRemaining -= paid
                    remaining -= paid
                }
                owed += remaining
                return nil
            case .terminal:
                return nil
            }
        }
        target?.request(demand)
    }

    func request(_ demand: Subscribers.Demand) {
        queue.request(demand)
        subscribeIfPrefixDelivered()
    }

    private func subscribeIfPrefixDelivered() {
        let go: Bool = lock.withLock {
            guard phase == .prefix, queue.bufferedCount == 0 else { return false }
            phase = .subscribing
            return true
        }
        if go { upstream.subscribe(self) }
    }

    func receive(subscription: Subscription) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard phase == .subscribing else { return nil }
            phase = .subscribed
            self.subscription = .holding(subscription)
            defer { owed = .none }
            return owed
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard lock.withLock({ phase == .subscribed }) else { return .none }
        queue.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (active, ended): (Bool, Subscription?) = lock.withLock {
            guard phase == .subscribed else { return (false, nil) }
            phase = .terminal
            return (true, subscription.take())
        }
        withExtendedLifetime(ended) {}  // released with no lock held
        if active { queue.finish(completion) }
    }

    func cancel() {
        queue.cancel()
        let subscription: Subscription? = lock.withLock {
            phase = .terminal
            return self.subscription.take()
        }
        subscription?.cancel()
    }
}
