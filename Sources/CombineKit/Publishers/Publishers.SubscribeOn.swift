import Dispatch
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

        // Inlinable: the inner and the subscribing action are made in the caller's specialised code, where
        // the inner's class metadata, the scheduler's plain queue (found here once) and what the upstream
        // makes when it is subscribed to need no run-time look-up per subscription.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let upstream = self.upstream
            if let queue = scheduler.plainDispatchQueue(options: options) {
                let inner = SubscribeOnInner(downstream: subscriber, queue: queue)
                queue.asyncUnchecked { upstream.subscribe(inner) }
            } else {
                let scheduler = self.scheduler
                let options = self.options
                let inner = SubscribeOnInner(downstream: subscriber) { scheduler.schedule(options: options, $0) }
                scheduler.schedule(options: options) { upstream.subscribe(inner) }
            }
        }
    }
}

/// `SubscribeOn`'s subscription. Generic over the downstream alone, and keeping the scheduler only as
/// a queue or a closure: nothing in it has a type made of the scheduler's (an optional of its options would
/// be looked up at run time each time an inner is made and freed).
@usableFromInline
final class SubscribeOnInner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    @usableFromInline typealias Input = Downstream.Input
    @usableFromInline typealias Failure = Downstream.Failure

    /// The lock lives in the object (one heap block less per subscription): it must stay the first
    /// stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    /// The scheduler when it is a plain dispatch queue (`plainDispatchQueue(options:)`): each action is then
    /// made as the block the queue runs (`asyncUnchecked`), an allocation fewer per action than
    /// `schedule`, which wraps the closure it is given.
    private let queue: DispatchQueue?
    /// Any other scheduler: schedules an action with the publisher's options.
    private let schedule: ((@escaping () -> Void) -> Void)?

    @usableFromInline
    init(downstream: Downstream, queue: DispatchQueue) {
        self.downstream = downstream
        self.queue = queue
        schedule = nil
        lock.initialize()
        assert(lock.isAt(&lockStorage), "SubscribeOnInner: the inline lock must be the first stored property")
    }

    @usableFromInline
    init(downstream: Downstream, schedule: @escaping (@escaping () -> Void) -> Void) {
        self.downstream = downstream
        queue = nil
        self.schedule = schedule
        lock.initialize()
        assert(lock.isAt(&lockStorage), "SubscribeOnInner: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    var lock: InlineLock { InlineLock(in: self) }

    @usableFromInline
    var description: String { "SubscribeOn" }
    @usableFromInline
    var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline
    var playgroundDescription: Any { description }

    @usableFromInline
    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        return downstream.receive(input)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        if markTerminal() { downstream.receive(completion: completion) }
    }

    /// Schedules the request (`.none` included, as Combine does). A request made from inside the
    /// upstream's `request(_:)` on the same thread (a scheduler that runs actions at once) goes through,
    /// where Combine traps (it holds a lock across the upstream's call).
    @usableFromInline
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        if let queue {
            queue.asyncUnchecked { subscription.request(demand) }
        } else {
            schedule? { subscription.request(demand) }
        }
    }

    /// As Combine's: ignored before the upstream subscription arrived (only the upstream holds the inner then;
    /// the subscription is accepted when it comes); otherwise the cancel is scheduled.
    @usableFromInline
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
        if let queue {
            queue.asyncUnchecked { subscription.cancel() }
        } else {
            schedule? { subscription.cancel() }
        }
    }
}
