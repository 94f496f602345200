import ReactiveBridgePrimitives

extension Publisher {
    /// Specifies the scheduler on which to receive elements from the publisher. Every element and
    /// the completion are scheduled (never delivered inline), in order.
    @inlinable
    public consuming func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that delivers elements to its downstream subscriber on a specific scheduler.
    /// Demand goes straight to the upstream; demand returned by the downstream is requested after
    /// the scheduled delivery.
    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReceiveOnInner(downstream: consume subscriber, scheduler: scheduler, options: options))
        }
    }
}

private final class ReceiveOnInner<Input, Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input
{
    typealias Failure = Downstream.Failure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?
    private var cancelled = false

    init(downstream: consuming Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = consume downstream
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "ReceiveOn" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        if Context.self == ImmediateScheduler.self {
            // `ImmediateScheduler.schedule` runs the action at once ("a scheduler for performing
            // synchronous actions"), so run it here: no escaping closure, which is an allocation per value.
            deliver(input)
            return .none
        }
        if let queue = scheduler.plainDispatchQueue(options: options) {
            // The closure is made as the block the queue runs: no allocation beyond the queue's own.
            queue.asyncUnchecked { [self] in deliver(input) }
            return .none
        }
        scheduler.schedule(options: options) { [self] in deliver(input) }
        return .none
    }

    /// Hands `input` downstream on the scheduler, unless cancelled or finished meanwhile, and requests the
    /// demand the downstream returns.
    private func deliver(_ input: Input) {
        lock.lock()
        guard !cancelled, let subscription = status.copySubscription() else {
            lock.unlock()
            return
        }
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 { subscription.request(more) }
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard isActive() else { return }
        scheduler.schedule(options: options) { [self] in
            lock.lock()
            guard !cancelled, status.isSubscribed else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            downstream.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

    /// `forwardCancel()` with `cancelled` set under the same lock hold (one lock/unlock pair, not two).
    func cancel() {
        lock.lock()
        cancelled = true
        let previous = status.take()
        lock.setSubscribedFlag(false)
        lock.unlock()
        if case .subscribed(let subscription) = consume previous { subscription.cancel() }
    }
}

extension ReceiveOnInner: PlaygroundShowsDescription {}
