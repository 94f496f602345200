import CombineKit

/// How `SerialFlatMapInner` treats an upstream value that arrives while a child publisher is active.
internal enum SerialFlatMapStrategy {
    /// Cancel the active child, then subscribe the new one (`flatMapLatest`).
    case latest
    /// Ignore the new value (`flatMapFirst`).
    case first
    /// Queue the value; subscribe its child when the active one finishes (`concatMap`).
    case concat
}

/// Where a serial flat-map's upstream stands: not yet subscribed, subscribed, finished (children may
/// still run), or over. Outside the generic inner on purpose: nested in it, the enum would be generic
/// too, and unspecialised code would look its metadata up at run time on each upstream value (see
/// `UpstreamSubscriptionState`).
private enum SerialFlatMapUpstreamState {
    case awaitingSubscription
    case subscribed(Subscription)
    case finished
    case terminal
}

/// The shared inner object of `flatMapLatest`, `flatMapFirst` and `concatMap`: at most one child
/// publisher is subscribed at any time.
///
/// Demand: upstream is asked for `.unlimited` (each strategy must see every upstream value as it
/// happens: to switch, to ignore, or to queue it). Children are asked only for what downstream
/// demands: `outstanding` is downstream demand not yet matched by a child value; a new child is
/// asked for all of it. Values of a child that has been replaced are dropped (generation check).
/// Completes when upstream has finished and no child is active or queued; fails on the first
/// failure of upstream or of a child.
internal final class SerialFlatMapInner<Input, Child: Publisher>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias Failure = Child.Failure

    private typealias UpstreamState = SerialFlatMapUpstreamState

    private let lock = ExtLock()
    private let strategy: SerialFlatMapStrategy
    private let transform: (Input) -> Child
    /// Set in `init`, then only read (a class: calling it is no access to this property that lasts).
    @exclusivity(unchecked) private var queue: DeliveryQueue<Child.Output, Failure>!
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var upstream = UpstreamState.awaitingSubscription
    @exclusivity(unchecked) private var outstanding = Subscribers.Demand.none
    @exclusivity(unchecked) private var generation = 0
    @exclusivity(unchecked) private var childActive = false
    @exclusivity(unchecked) private var childSubscription: Subscription?
    @exclusivity(unchecked) private var pendingInputs = FIFO<Input>()
    @exclusivity(unchecked) private var isLaunching = false
    @exclusivity(unchecked) private var deferredLaunch: (Input, Int)?
    let description: String

    init<S: Subscriber>(downstream: S, strategy: SerialFlatMapStrategy, name: String, transform: @escaping (Input) -> Child)
        where S.Input == Child.Output, S.Failure == Failure {
        self.strategy = strategy
        self.transform = transform
        self.description = name
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.downstreamDemanded(demand) }
    }

    private var isTerminal: Bool {
        if case .terminal = upstream { return true }
        return false
    }

    // MARK: Upstream

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard case .awaitingSubscription = upstream else { return false }
            upstream = .subscribed(subscription)
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        queue.start(self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream else {
            lock.unlock()
            return .none
        }
        switch strategy {
        case .latest:
            generation += 1
            let id = generation
            let previous = childSubscription
            childSubscription = nil
            childActive = true
            lock.unlock()
            previous?.cancel()
            launch(input, id: id)
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

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = upstream else {
            lock.unlock()
            return
        }
        switch completion {
        case .failure:
            upstream = .terminal
            let child = childSubscription
            childSubscription = nil
            lock.unlock()
            child?.cancel()
            queue.finish(completion)
        case .finished:
            if childActive || !pendingInputs.isEmpty {
                upstream = .finished
                lock.unlock()
            } else {
                upstream = .terminal
                lock.unlock()
                queue.finish(.finished)
            }
        }
    }

    // MARK: Children

    /// Subscribes the child for `input`; a child that finishes synchronously and makes the next
    /// queued input due hands it back here through `deferredLaunch` (a loop, not recursion).
    private func launch(_ input: Input, id: Int) {
        var next: (Input, Int)? = (input, id)
        while let (value, id) = next {
            let child = transform(value)
            lock.withLock { isLaunching = true }
            child.subscribe(SerialFlatMapChildSink<Input, Child>(parent: self, id: id))
            next = lock.withLock {
                isLaunching = false
                defer { deferredLaunch = nil }
                return deferredLaunch
            }
        }
    }

    func childSubscribed(_ subscription: Subscription, id: Int) {
        lock.lock()
        guard id == generation, childActive, !isTerminal else {
            lock.unlock()
            subscription.cancel()
            return
        }
        childSubscription = subscription
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
        childSubscription = nil
        switch completion {
        case .failure:
            let upstreamSubscription: Subscription?
            if case .subscribed(let subscription) = upstream { upstreamSubscription = subscription } else { upstreamSubscription = nil }
            upstream = .terminal
            lock.unlock()
            upstreamSubscription?.cancel()
            queue.finish(completion)
        case .finished:
            if let input = pendingInputs.popFirst() {
                generation += 1
                childActive = true
                let id = generation
                if isLaunching {
                    deferredLaunch = (input, id)
                    lock.unlock()
                } else {
                    lock.unlock()
                    launch(input, id: id)
                }
            } else if case .finished = upstream {
                upstream = .terminal
                lock.unlock()
                queue.finish(.finished)
            } else {
                lock.unlock()
            }
        }
    }

    // MARK: Downstream

    private func downstreamDemanded(_ demand: Subscribers.Demand) {
        let child: Subscription? = lock.withLock {
            outstanding += demand
            return childSubscription
        }
        child?.request(demand)
    }

    func request(_ demand: Subscribers.Demand) {
        queue.request(demand)
    }

    func cancel() {
        queue.cancel()
        let (upstreamSubscription, child): (Subscription?, Subscription?) = lock.withLock {
            let upstreamSubscription: Subscription?
            if case .subscribed(let subscription) = upstream { upstreamSubscription = subscription } else { upstreamSubscription = nil }
            upstream = .terminal
            pendingInputs.removeAll()
            defer { childSubscription = nil }
            return (upstreamSubscription, childSubscription)
        }
        upstreamSubscription?.cancel()
        child?.cancel()
    }
}

/// Subscribes one child publisher on behalf of `SerialFlatMapInner`, tagged with its generation.
private final class SerialFlatMapChildSink<Input, Child: Publisher>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    typealias Failure = Child.Failure
    private let parent: SerialFlatMapInner<Input, Child>
    private let id: Int

    init(parent: SerialFlatMapInner<Input, Child>, id: Int) {
        self.parent = parent
        self.id = id
    }

    var description: String { "\(parent.description).Child" }

    func receive(subscription: Subscription) { parent.childSubscribed(subscription, id: id) }
    func receive(_ input: Child.Output) -> Subscribers.Demand { parent.childValue(input, id: id) }
    func receive(completion: Subscribers.Completion<Failure>) { parent.childCompleted(completion, id: id) }
}
