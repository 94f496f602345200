import CombineKit
import ReactiveBridgePrimitives

/// The latest value of one "other" source, kept in place (no `Any` box, no cast when it is read),
/// guarded by the lock of the `WithLatestFromCore` it belongs to. (`pairwise` keeps its previous value in
/// one too, touched only from upstream's serial `receive(_:)`.)
internal class LatestValueSlotBase: @unchecked Sendable {
    /// Whether the source has produced a value (guarded by the core's lock).
    @exclusivity(unchecked) final var hasValue = false

    /// Destroys the value, if any. Call once nothing reads or writes the slot any more (after the core
    /// turned terminal), with no lock held: the value's deinit may run arbitrary code.
    func clear() {}
}

/// `LatestValueSlotBase` for values of type `Value`: initialised at `value` while `hasValue`.
internal final class LatestValueSlot<Value>: LatestValueSlotBase, @unchecked Sendable {
    let value = UnsafeMutablePointer<Value>.allocate(capacity: 1)

    override func clear() {
        guard hasValue else { return }
        hasValue = false
        value.deinitialize(count: 1)
    }

    deinit {
        clear()
        value.deallocate()
    }
}

/// What the "other" sinks of `withLatestFrom` need from the operator's inner object: its lock, its state
/// and the bookkeeping of their subscriptions. Not generic over the upstream and output types, so an other
/// sink is generic over its own value type and the failure only.
internal class WithLatestFromCore<Failure: Error>: @unchecked Sendable {
    let lock = Lock()
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) var phase = UpstreamPhase.awaitingSubscription
    /// Upstream's subscription, held while `phase` is `.subscribed`.
    @exclusivity(unchecked) var upstream = SubscriptionSlot.empty
    /// Demand downstream asked for before upstream's subscription arrived (requested from it then).
    @exclusivity(unchecked) var pendingDemand = Subscribers.Demand.none
    /// The other sources' subscriptions, in the order of `slots`; `nil` before one arrives and after its
    /// source finished.
    @exclusivity(unchecked) var others: [Subscription?]
    /// How many slots have a value: upstream values are combined once all of them do (a slot never
    /// loses its value while the subscription lasts, so the count only grows).
    @exclusivity(unchecked) var readyCount = 0
    let slots: [LatestValueSlotBase]

    init(slots: [LatestValueSlotBase]) {
        self.slots = slots
        others = Array(repeating: nil, count: slots.count)
    }

    /// Whether the subscription ended (completion, failure or cancel). Call with `lock` held.
    var isTerminalLocked: Bool { phase == .terminal }

    /// Turns terminal; returns what to cancel (nothing if it already was terminal). Call with `lock` held.
    func terminateLocked() -> (upstream: Subscription?, others: [Subscription], wasActive: Bool) {
        guard phase != .terminal else { return (nil, [], false) }
        let upstreamSubscription = upstream.take()
        phase = .terminal
        let otherSubscriptions = others.compactMap { $0 }
        others = Array(repeating: nil, count: others.count)
        return (upstreamSubscription, otherSubscriptions, true)
    }

    /// Destroys the kept values once terminal (no lock held; see `LatestValueSlotBase.clear`).
    func clearSlots() {
        for slot in slots { slot.clear() }
    }

    func otherSubscribed(_ subscription: Subscription, index: Int) -> Bool {
        lock.withLock {
            if isTerminalLocked { return false }
            others[index] = subscription
            return true
        }
    }

    func otherFinished(index: Int) {
        lock.withLock { others[index] = nil }  // its last value stays usable (RxSwift)
    }

    func otherFailed(_ completion: Subscribers.Completion<Failure>) {
        preconditionFailure("WithLatestFromCore.otherFailed(_:) is overridden by WithLatestFromInner")
    }
}

/// The inner object of the `withLatestFrom` family: subscriber of upstream, subscription of
/// downstream, owner of the subscriptions to the other sources. The other sources' latest values live in
/// typed slots (`LatestValueSlot`); `combineAndUnlock`, made by the publisher with the concrete types,
/// copies them out with the lock held, releases it and calls the result selector.
internal final class WithLatestFromInner<Input, Output, Failure: Error>: WithLatestFromCore<Failure>, Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    /// Set in `init`, then only read (a class: calling it is no access to this property that lasts).
    @exclusivity(unchecked) private var queue: DeliveryQueue<Output, Failure>!
    /// Called with `lock` held and every slot holding a value; releases the lock before it calls the
    /// user's selector.
    private let combineAndUnlock: (Input, Lock) -> Output

    var description: String { "WithLatestFrom" }

    init<S: Subscriber>(downstream: S, slots: [LatestValueSlotBase], combineAndUnlock: @escaping (Input, Lock) -> Output)
        where S.Input == Output, S.Failure == Failure {
        self.combineAndUnlock = combineAndUnlock
        super.init(slots: slots)
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.forwardDemand(demand) }
    }

    /// Gives downstream its subscription, then subscribes the other sources, then upstream.
    func start(others subscribeOthers: () -> Void, upstream subscribeUpstream: () -> Void) {
        queue.start(self)
        subscribeOthers()
        if lock.withLock({ isTerminalLocked }) { return }
        subscribeUpstream()
    }

    func subscribeOther<P: Publisher>(_ publisher: P, slot: LatestValueSlot<P.Output>) where P.Failure == Failure {
        let index = slots.firstIndex { $0 === slot }!
        publisher.subscribe(WithLatestFromOtherSink<P.Output, Failure>(parent: self, slot: slot, index: index))
    }

    private func forwardDemand(_ demand: Subscribers.Demand) {
        lock.lock()
        switch phase {
        case .awaitingSubscription:
            pendingDemand += demand
            lock.unlock()
        case .subscribed:
            guard case .holding(let subscription) = upstream else { preconditionFailure("withLatestFrom: subscribed without a subscription") }
            lock.unlock()
            subscription.request(demand)
        case .terminal:
            lock.unlock()
        }
    }

    // MARK: Upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard phase == .awaitingSubscription else {
            lock.unlock()
            subscription.cancel()
            return
        }
        let pending = pendingDemand
        phase = .subscribed
        upstream = .holding(subscription)
        lock.unlock()
        if pending > 0 { subscription.request(pending) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return .none
        }
        guard readyCount == slots.count else {
            lock.unlock()
            return .max(1)  // dropped (RxSwift): ask for a replacement, so downstream's demand still holds
        }
        queue.send(combineAndUnlock(input, lock))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let (otherSubscriptions, wasActive): ([Subscription], Bool) = lock.withLock {
            guard phase == .subscribed else { return ([], false) }
            let ended = terminateLocked()
            return (ended.others, ended.wasActive)
        }
        guard wasActive else { return }
        otherSubscriptions.forEach { $0.cancel() }
        clearSlots()
        queue.finish(completion)
    }

    // MARK: Other sources

    override func otherFailed(_ completion: Subscribers.Completion<Failure>) {
        let ended = lock.withLock { terminateLocked() }
        guard ended.wasActive else { return }
        ended.upstream?.cancel()
        ended.others.forEach { $0.cancel() }
        clearSlots()
        queue.finish(completion)
    }

    // MARK: Downstream

    func request(_ demand: Subscribers.Demand) {
        queue.request(demand)
    }

    func cancel() {
        queue.cancel()
        let ended = lock.withLock { terminateLocked() }
        ended.upstream?.cancel()
        ended.others.forEach { $0.cancel() }
        if ended.wasActive { clearSlots() }
    }
}

/// Subscribes one "other" source of `withLatestFrom` with unlimited demand and keeps its latest value in
/// its slot, in place.
///
/// Holds the inner object strongly: the inner cancels this sink's subscription whenever the whole
/// subscription ends (upstream completion, a failure, downstream's cancel), and a Combine subscription
/// lets go of its subscriber when cancelled, which breaks the cycle.
private final class WithLatestFromOtherSink<Input, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    private let parent: WithLatestFromCore<Failure>
    private let slot: LatestValueSlot<Input>
    private let index: Int

    init(parent: WithLatestFromCore<Failure>, slot: LatestValueSlot<Input>, index: Int) {
        self.parent = parent
        self.slot = slot
        self.index = index
    }

    var description: String { "WithLatestFrom.Other" }

    func receive(subscription: Subscription) {
        if parent.otherSubscribed(subscription, index: index) {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let lock = parent.lock
        lock.lock()
        if parent.isTerminalLocked {
            lock.unlock()
            return .none
        }
        if slot.hasValue {
            // The replaced value is destroyed after the lock is released (its deinit may run any code).
            let replaced = slot.value.move()
            slot.value.initialize(to: input)
            lock.unlock()
            withExtendedLifetime(replaced) {}
        } else {
            slot.value.initialize(to: input)
            slot.hasValue = true
            parent.readyCount += 1
            lock.unlock()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished:
            parent.otherFinished(index: index)
        case .failure:
            parent.otherFailed(completion)
        }
    }
}
