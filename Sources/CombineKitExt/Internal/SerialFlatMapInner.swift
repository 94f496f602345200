import CombineKit
import ReactiveBridgePrimitives

/// How `SerialFlatMapInner` treats an upstream value that arrives while a child publisher is active.
internal enum SerialFlatMapStrategy {
    /// Ignore the new value (`flatMapFirst`).
    case first
    /// Queue the value; subscribe its child when the active one finishes (`concatMap`).
    case concat
}

/// Where a serial flat-map's upstream stands: not yet subscribed, subscribed, finished (children may
/// still run), or over. Outside the generic inner on purpose: nested in it, the enum would be generic
/// too, and unspecialised code would look its metadata up at run time on each upstream value (see
/// `UpstreamPhase`). Without a payload (the subscription is kept beside it): each check of
/// an enum holding the subscription copied and destroyed it, a retain/release pair, several per child.
private enum SerialFlatMapPhase {
    case awaitingSubscription
    case subscribed
    case finished
    case terminal
}

/// The shared inner object of `flatMapFirst` and `concatMap`: at most one child publisher is subscribed
/// at any time. (`flatMapLatest` is CombineKit's `map` + `switchToLatest`, which has the same semantics.)
///
/// Demand: upstream is asked for `.unlimited` (each strategy must see every upstream value as it
/// happens: to ignore it or to queue it). Children are asked only for what downstream
/// demands: `outstanding` is downstream demand not yet matched by a child value; a new child is
/// asked for all of it. Values of a child that has been replaced are dropped (generation check).
/// Completes when upstream has finished and no child is active or queued; fails on the first
/// failure of upstream or of a child.
@usableFromInline
internal final class SerialFlatMapInner<Input, Child: Publisher>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline typealias Failure = Child.Failure

    private let lock = Lock()
    private let strategy: SerialFlatMapStrategy
    private let transform: (Input) -> Child
    /// Subscribes a `SerialFlatMapChildSink` to a child. Made by the publishers' inlinable initialisers,
    /// so that where the chain is built with concrete types the sink's metadata and conformance (and, for
    /// an inlinable child such as `Just`, its subscription's) come from the caller's caches instead of
    /// run-time look-ups per child in this unspecialised code (as CombineKit's `flatMap` does).
    private let subscribeChild: (Child, SerialFlatMapInner<Input, Child>, Int) -> Void
    /// Set in `init`, then only read (a class: calling it is no access to this property that lasts).
    @exclusivity(unchecked) private var queue: DeliveryQueue<Child.Output, Failure>!
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var phase = SerialFlatMapPhase.awaitingSubscription
    /// Upstream's subscription, held while `phase` is `.subscribed`.
    @exclusivity(unchecked) private var upstream = SubscriptionSlot.empty
    @exclusivity(unchecked) private var outstanding = Subscribers.Demand.none
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var childActive = false
    /// The active child's subscription. A `SubscriptionSlot`, not `Subscription?` (see there): set and
    /// cleared once per child.
    @exclusivity(unchecked) private var childSubscription = SubscriptionSlot.empty
    /// `concatMap`'s queued inputs, touched only when `pendingCount` says it holds some: a generic struct,
    /// whose every use in this unspecialised code looks its metadata up at run time, and every child's
    /// completion asks whether an input is waiting.
    @exclusivity(unchecked) private var pendingInputs = FIFO<Input>()
    @exclusivity(unchecked) private var pendingCount = 0
    @exclusivity(unchecked) private var isLaunching = false
    /// A launch handed back to `launch` by a child that finished synchronously: `deferredInput` is
    /// initialised while `hasDeferredLaunch`. A pointer and a flag, not an `(Input, Int)?`, whose tuple and
    /// optional metadata this unspecialised code would look up at run time on every launch.
    @exclusivity(unchecked) private var hasDeferredLaunch = false
    @exclusivity(unchecked) private var deferredID = 0
    private let deferredInput = UnsafeMutablePointer<Input>.allocate(capacity: 1)
    @usableFromInline let description: String

    init<S: Subscriber>(downstream: S, strategy: SerialFlatMapStrategy, name: String, transform: @escaping (Input) -> Child,
                        subscribeChild: @escaping (Child, SerialFlatMapInner<Input, Child>, Int) -> Void)
        where S.Input == Child.Output, S.Failure == Failure {
        self.strategy = strategy
        self.transform = transform
        self.subscribeChild = subscribeChild
        self.description = name
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.downstreamDemanded(demand) }
    }

    deinit {
        if hasDeferredLaunch { deferredInput.deinitialize(count: 1) }
        deferredInput.deallocate()
    }

    private var isTerminal: Bool { phase == .terminal }

    // MARK: Upstream

    @usableFromInline func receive(subscription: Subscription) {
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
        queue.start(self)
        subscription.request(.unlimited)
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return .none
        }
        switch strategy {
        case .first:
            guard !childActive else {
                lock.unlock()
                return .none
            }
            generation += 1
            let id = generation
            childActive = true
            lock.unlock()
            launch(input, id: id)
        case .concat:
            guard !childActive else {
                pendingInputs.append(input)
                pendingCount += 1
                lock.unlock()
                return .none
            }
            generation += 1
            let id = generation
            childActive = true
            lock.unlock()
            launch(input, id: id)
        }
        return .none
    }

    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return
        }
        let ended = upstream.take()
        switch completion {
        case .failure:
            phase = .terminal
            let child = childSubscription.take()
            lock.unlock()
            child?.cancel()
            queue.finish(completion)
        case .finished:
            if childActive || pendingCount > 0 {
                phase = .finished
                lock.unlock()
            } else {
                phase = .terminal
                lock.unlock()
                queue.finish(.finished)
            }
        }
        withExtendedLifetime(ended) {}  // released here, with no lock held
    }

    // MARK: Children

    /// Subscribes the child for `input`; a child that finishes synchronously and makes the next
    /// queued input due hands it back here through `deferredInput` (a loop, not recursion).
    private func launch(_ input: Input, id: Int) {
        var value = input
        var id = id
        while true {
            let child = transform(value)
            lock.withLock { isLaunching = true }
            subscribeChild(child, self, id)
            lock.lock()
            isLaunching = false
            guard hasDeferredLaunch else {
                lock.unlock()
                return
            }
            hasDeferredLaunch = false
            let next = deferredInput.move()
            id = deferredID
            lock.unlock()
            value = next  // the previous input is destroyed here, with no lock held
        }
    }

    func childSubscribed(_ subscription: Subscription, id: Int) {
        lock.lock()
        guard id == generation, childActive, !isTerminal else {
            lock.unlock()
            subscription.cancel()
            return
        }
        childSubscription = .holding(subscription)
        let demand = outstanding
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    func childValue(_ value: Child.Output, id: Int) -> Subscribers.Demand {
        lock.lock()
        guard id == generation, childActive, !isTerminal else {
            lock.unlock()
            return .none
        }
        outstanding -= 1
        lock.unlock()
        queue.send(value)
        return .none
    }

    func childCompleted(_ completion: Subscribers.Completion<Failure>, id: Int) {
        lock.lock()
        guard id == generation, childActive, !isTerminal else {
            lock.unlock()
            return
        }
        childActive = false
        let finishedChild = childSubscription.take()
        guard completionIsFinished(completion) else {
            failAndUnlock(completion)
            withExtendedLifetime(finishedChild) {}
            return
        }
        if pendingCount > 0 {
            launchPendingAndUnlock()
        } else if phase == .finished {
            finishAndUnlock()
        } else {
            lock.unlock()
        }
        withExtendedLifetime(finishedChild) {}  // released here, with no lock held
    }

    /// After the last child finished behind a finished upstream: finishes and releases `lock` (held on
    /// entry). Out of line for the reason given on `failAndUnlock(_:)`.
    @inline(never)
    private func finishAndUnlock() {
        phase = .terminal
        lock.unlock()
        queue.finish(.finished)
    }

    /// After a child failed: ends the whole subscription with its failure and releases `lock` (held on
    /// entry). Out of line, so that the completion's metadata is not fetched on the way to a child that
    /// finishes (the optimiser hoists metadata accessors, which it treats as pure, above branches).
    @inline(never)
    private func failAndUnlock(_ completion: Subscribers.Completion<Failure>) {
        let upstreamSubscription = upstream.take()
        phase = .terminal
        lock.unlock()
        upstreamSubscription?.cancel()
        queue.finish(completion)
    }

    /// After a child finished with `concatMap`'s queue not empty: makes the first queued input the next
    /// child — launched here, or handed to the `launch` loop that is subscribing the finished child — and
    /// releases `lock` (held on entry). Out of line: the queue's metadata is looked up only on this path.
    @inline(never)
    private func launchPendingAndUnlock() {
        let input = pendingInputs.popFirst()!
        pendingCount -= 1
        generation += 1
        childActive = true
        let id = generation
        if isLaunching {
            deferredInput.initialize(to: input)
            deferredID = id
            hasDeferredLaunch = true
            lock.unlock()
        } else {
            lock.unlock()
            launch(input, id: id)
        }
    }

    // MARK: Downstream

    private func downstreamDemanded(_ demand: Subscribers.Demand) {
        let child: Subscription? = lock.withLock {
            outstanding += demand
            if case .holding(let subscription) = childSubscription { return subscription }
            return nil
        }
        child?.request(demand)
    }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        queue.request(demand)
    }

    @usableFromInline func cancel() {
        queue.cancel()
        let (upstreamSubscription, child): (Subscription?, Subscription?) = lock.withLock {
            let upstreamSubscription = upstream.take()
            phase = .terminal
            if pendingCount > 0 {
                pendingInputs.removeAll()
                pendingCount = 0
            }
            return (upstreamSubscription, childSubscription.take())
        }
        upstreamSubscription?.cancel()
        child?.cancel()
    }
}

/// Subscribes one child publisher on behalf of `SerialFlatMapInner`, tagged with its generation.
@usableFromInline
internal final class SerialFlatMapChildSink<Input, Child: Publisher>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline typealias Failure = Child.Failure
    private let parent: SerialFlatMapInner<Input, Child>
    private let id: Int

    @usableFromInline
    init(parent: SerialFlatMapInner<Input, Child>, id: Int) {
        self.parent = parent
        self.id = id
    }

    @usableFromInline var description: String { "\(parent.description).Child" }

    @usableFromInline func receive(subscription: Subscription) { parent.childSubscribed(subscription, id: id) }
    @usableFromInline func receive(_ input: Child.Output) -> Subscribers.Demand { parent.childValue(input, id: id) }
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) { parent.childCompleted(completion, id: id) }
}
