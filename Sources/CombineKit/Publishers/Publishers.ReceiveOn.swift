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

        // Inlinable: the inner is made in the caller's specialised code, where its class metadata comes from the
        // caller's cache instead of a run-time look-up per subscription (see `PassthroughSubject.receive(subscriber:)`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReceiveOnInner(downstream: consume subscriber, scheduler: scheduler,
                                                        optionsBox: options.map(SchedulerOptionsBox.init)))
        }
    }
}

@usableFromInline
internal final class ReceiveOnInner<Input, Context: Scheduler, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, QueueHandOffReceiver, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input
{
    @usableFromInline typealias Failure = Downstream.Failure

    /// The lock, kept in the object (one heap block less per subscription): it must stay the first
    /// stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let scheduler: Context
    /// The publisher's options, if any (see `SchedulerOptionsBox`).
    private let optionsBox: SchedulerOptionsBox<Context.SchedulerOptions>?
    private var cancelled = false
    /// The upstream's subscription once it has completed, for the demand returned by deliveries scheduled
    /// before the completion.
    /// A `SubscriptionSlot`, not a `Subscription?`, which is destroyed through the runtime's value witnesses
    /// (see there) when the inner is freed.
    @exclusivity(unchecked) private var completedSubscription = SubscriptionSlot.empty
    /// The values' way to a plain dispatch queue (made at the first value; see `receive(_:)`). Made and
    /// read only by the upstream, whose calls are serialised.
    @exclusivity(unchecked) private var handOff: QueueHandOff<ReceiveOnInner>?

    @usableFromInline
    init(downstream: consuming Downstream, scheduler: Context, optionsBox: SchedulerOptionsBox<Context.SchedulerOptions>?) {
        self.downstream = consume downstream
        self.scheduler = scheduler
        self.optionsBox = optionsBox
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ReceiveOnInner: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    var lock: InlineLock { InlineLock(in: self) }

    /// The options to schedule with (made only on the paths that call `schedule`).
    private var options: Context.SchedulerOptions? { optionsBox?.options }

    /// Whether the publisher was given options (read on every value: a null check of the box reference, with
    /// no `Context.SchedulerOptions?` made).
    private var hasOptions: Bool {
        if case .some = optionsBox { return true }
        return false
    }

    @usableFromInline var description: String { "ReceiveOn" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        if Context.self == ImmediateScheduler.self {
            // `ImmediateScheduler.schedule` runs the action at once ("a scheduler for performing
            // synchronous actions"), so run it here: no escaping closure, which is an allocation per value.
            deliver(input)
            return .none
        }
        if !hasOptions, let queue = scheduler.asDispatchQueue {
            // One queue item per value, as `schedule` would make, with no allocation but the queue's own.
            queue.asyncUnchecked(handOff(for: input))
            return .none
        }
        schedule(input)
        return .none
    }

    /// Any other scheduler: the value's delivery is scheduled with the publisher's options. Out of line, so
    /// that `receive(_:)` does not look up the metadata of `Context.SchedulerOptions?` on every value.
    @inline(never)
    private func schedule(_ input: Input) {
        scheduler.schedule(options: options) { [self] in deliver(input) }
    }

    /// The queue item that delivers `input` (see `QueueHandOff`).
    @inline(never)
    private func handOff(for input: Input) -> @convention(block) () -> Void {
        let handOff = self.handOff ?? QueueHandOff(receiver: self)
        self.handOff = handOff
        return handOff.item(for: input)
    }

    /// A value's queue item, on the queue.
    @usableFromInline
    func receiveHandedOff(_ input: Input) {
        deliver(input)
    }

    /// Hands `input` downstream on the scheduler, unless cancelled meanwhile (an upstream completion that
    /// came after it does not stop it), and requests the demand the downstream returns, unless cancelled
    /// during the call (Combine's ReceiveOn asks the upstream only while the downstream has not cancelled).
    private func deliver(_ input: Input) {
        lock.lock()
        let isCancelled = cancelled
        lock.unlock()
        if isCancelled { return }
        let more = downstream.receive(input)
        if more > .none { requestAfterDelivery(more) }
    }

    private func requestAfterDelivery(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !cancelled, let subscription = status.copySubscription() ?? completedSubscription.copy() else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    /// Ends the subscription at once (what the upstream sends after it is ignored) and schedules the
    /// completion, which is delivered even if the downstream cancels before it runs, as in Combine.
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard status.isSubscribed, case .subscribed(let subscription) = status.take() else {
            lock.unlock()
            return
        }
        lock.setSubscribedFlag(false)
        completedSubscription = .holding(subscription)
        lock.unlock()
        scheduler.schedule(options: options) { [self] in
            downstream.receive(completion: completion)
        }
    }

    /// Passes demand (`.none` included, as Combine does) to the upstream.
    @usableFromInline func request(_ demand: Subscribers.Demand) { forwardAnyRequest(demand) }

    /// `forwardCancel()` with `cancelled` set under the same lock hold (one lock/unlock pair, not two). As
    /// Combine's, ignored before the upstream subscription arrived (only the upstream holds the inner then; the
    /// subscription is accepted when it comes).
    @usableFromInline func cancel() {
        lock.lock()
        if case .awaitingSubscription = status {
            lock.unlock()
            return
        }
        cancelled = true
        let previous = status.take()
        lock.setSubscribedFlag(false)
        let completed = completedSubscription.take()
        lock.unlock()
        withExtendedLifetime(completed) {}
        if case .subscribed(let subscription) = consume previous { subscription.cancel() }
    }
}

extension ReceiveOnInner: CustomPlaygroundDisplayConvertible {
    @usableFromInline var playgroundDescription: Any { description }
}
