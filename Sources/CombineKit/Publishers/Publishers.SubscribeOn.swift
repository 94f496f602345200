import ReactiveBridgePrimitives

extension Publisher {
    /// Specifies the scheduler on which to perform subscribe, cancel, and request operations.
    public func subscribe<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.SubscribeOn<Self, S> {
        Publishers.SubscribeOn(upstream: self, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that receives elements from an upstream publisher on a specific scheduler: the
    /// subscription, requests and cancellation towards the upstream are performed on it.
    public struct SubscribeOn<Upstream: Publisher, Context: Scheduler>: Publisher {
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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = SubscribeOnInner<Output, Failure, Context, S>(downstream: subscriber, scheduler: scheduler, options: options)
            let upstream = self.upstream
            // On a plain dispatch queue, each action is made as the block the queue runs (`asyncUnchecked`):
            // an allocation fewer per action than `schedule`, which wraps the closure it is given.
            if let queue = scheduler.plainDispatchQueue(options: options) {
                queue.asyncUnchecked { upstream.subscribe(inner) }
            } else {
                scheduler.schedule(options: options) { upstream.subscribe(inner) }
            }
        }
    }
}

private final class SubscribeOnInner<Input, Failure: Error, Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input, Downstream.Failure == Failure
{
    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let scheduler: Context
    private let options: Context.SchedulerOptions?

    init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
        self.downstream = downstream
        self.scheduler = scheduler
        self.options = options
    }

    var description: String { "SubscribeOn" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if markTerminal() { downstream.receive(completion: completion) }
    }

    /// Schedules the request (`.none` included, as Combine does). A request made from inside the
    /// upstream's `request(_:)` on the same thread (a scheduler that runs actions at once) goes through,
    /// where Combine traps (it holds a lock across the upstream's call).
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        if let queue = scheduler.plainDispatchQueue(options: options) {
            queue.asyncUnchecked { subscription.request(demand) }
        } else {
            scheduler.schedule(options: options) { subscription.request(demand) }
        }
    }

    /// As Combine's: ignored before the upstream subscription arrived (only the upstream holds the inner then;
    /// the subscription is accepted when it comes); otherwise the cancel is scheduled.
    func cancel() {
        lock.lock()
        if case .awaitingSubscription = status {
            lock.unlock()
            return
        }
        let subscription = status.subscription
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        guard let subscription else { return }
        if let queue = scheduler.plainDispatchQueue(options: options) {
            queue.asyncUnchecked { subscription.cancel() }
        } else {
            scheduler.schedule(options: options) { subscription.cancel() }
        }
    }
}

extension SubscribeOnInner: PlaygroundShowsDescription {}
