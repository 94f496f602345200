import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// Turns every event — values, and the completion — into a `PublisherEvent` value, and then
    /// finishes; the result never fails (RxSwift's `materialize()`).
    ///
    /// Demand: upstream is asked for what downstream demands. The completion becomes one more value,
    /// so it waits for demand like any value and is never lost; the result finishes right after it.
    @inlinable
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

        /// Wraps a value as `.value`. Made by the inlinable initialiser, so that where the chain is built
        /// with concrete types the event enum is built in specialised code, not through a run-time
        /// metadata look-up per value in the inner's unspecialised code.
        @usableFromInline internal let wrap: (Upstream.Output) -> Output
        /// Wraps the completion as `.finished` or `.failure` (made with `wrap`, for the same reason).
        @usableFromInline internal let wrapCompletion: (Subscribers.Completion<Upstream.Failure>) -> Output

        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            wrap = { .value($0) }
            wrapCompletion = { completion in
                switch completion {
                case .finished: return .finished
                case .failure(let error): return .failure(error)
                }
            }
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
            upstream.subscribe(MaterializeInner<Upstream, Output, S>(downstream: subscriber, wrap: wrap, wrapCompletion: wrapCompletion))
        }
    }
}

/// Generic over the event type itself (`Event` is `PublisherEvent<Upstream.Output, Upstream.Failure>`, built
/// by the publisher's closures), so that its metadata comes with the class's generic arguments: named as
/// `Downstream.Input` or built from `Upstream`'s types, it was looked up at run time on every value in this
/// unspecialised code.
private final class MaterializeInner<Upstream: Publisher, Event, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Event, Downstream.Failure == Never {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    private let wrap: (Input) -> Event
    private let wrapCompletion: (Subscribers.Completion<Failure>) -> Event
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var subscription: Subscription?
    @exclusivity(unchecked) private var pendingDemand = Subscribers.Demand.none
    @exclusivity(unchecked) private var ended = false
    /// Set in `init`, then only read.
    @exclusivity(unchecked) private var queue: DeliveryQueue<Event, Never>!

    init(downstream: Downstream, wrap: @escaping (Input) -> Event,
         wrapCompletion: @escaping (Subscribers.Completion<Failure>) -> Event) {
        self.wrap = wrap
        self.wrapCompletion = wrapCompletion
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
        queue.send(wrap(input))
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
        queue.enqueue(wrapCompletion(completion))
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
