/// The inner object of `combineLatest`: one subscription towards the downstream, N child subscribers
/// towards the upstreams.
///
/// Demand: each downstream `request(n)` is forwarded as `request(n)` to every upstream (to an upstream
/// that subscribes later, the demand requested so far). Once every upstream has produced, each element
/// republishes the latest combination through a `DemandBuffer`, so the downstream never receives more
/// than it demanded and is never called concurrently (while it has no demand, only the newest
/// combination waits). Finishes only when all upstreams have finished, even if one finished without
/// ever producing (as Apple's Combine does: OpenCombine's CombineLatestTests, run against Combine). Any
/// failure is forwarded at once and cancels the other upstreams.
///
/// Why not `CombiningCoordinator` (merge, zip), as before: the latest values are kept as `Any` in
/// arrays of a concrete type (`[Any?]`), so the per-value path runs specialised code. There they were
/// `[Value?]` with `Value` a generic parameter, where every element access, the `nil` test and the
/// `map` that built the combination ran unspecialised: metadata look-ups, and a heap-allocated
/// coroutine frame per element read — five allocations per value for a four-way combination.
internal final class CombineLatestCoordinator<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure

    // Guarded by `lock` (so the dynamic exclusivity checks, a runtime call per access, are off).
    private let lock = Lock.make()
    private let combine: ([Any?]) -> Downstream.Input
    private let output: DemandBuffer<Downstream>
    @exclusivity(unchecked) private var subscriptions: [Subscription?]
    @exclusivity(unchecked) private var finished: [Bool]
    @exclusivity(unchecked) private var latest: [Any?]
    /// How many upstreams have not produced yet (the `nil` slots of `latest`), kept as a count so that
    /// each value needs no scan.
    @exclusivity(unchecked) private var missingLatest: Int
    @exclusivity(unchecked) private var requested = Subscribers.Demand.none
    @exclusivity(unchecked) private var terminated = false

    /// `combine` builds the output from the latest values, each present (it is called only once every
    /// upstream has produced) and of its upstream's output type.
    init(count: Int, downstream: Downstream, combine: @escaping ([Any?]) -> Downstream.Input) {
        self.combine = combine
        self.output = DemandBuffer(downstream: downstream)
        subscriptions = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        latest = Array(repeating: nil, count: count)
        missingLatest = count
    }

    var description: String { "CombineLatest" }
    var customMirror: Mirror { Mirror(self, children: ["upstreams": subscriptions.count]) }
    var playgroundDescription: Any { description }

    /// Hands the coordinator to the downstream, then subscribes the upstreams in order.
    func start(downstream: Downstream, attachChildren: () -> Void) {
        downstream.receive(subscription: self)
        attachChildren()
    }

    /// Subscribes the child at `index` to `publisher`.
    func attach<P: Publisher>(_ publisher: P, at index: Int) where P.Failure == Failure {
        publisher.subscribe(CombineLatestChild<P.Output, Downstream>(coordinator: self, index: index))
    }

    // MARK: children

    func childSubscribed(_ index: Int, _ subscription: Subscription) {
        lock.lock()
        guard !terminated, subscriptions[index] == nil, !finished[index] else {
            lock.unlock()
            subscription.cancel()
            return
        }
        subscriptions[index] = subscription
        let demand = requested
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    func childReceived(_ index: Int, _ value: Any) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        if missingLatest > 0, latest[index] == nil { missingLatest -= 1 }
        latest[index] = value
        guard missingLatest == 0 else {
            lock.unlock()
            return
        }
        // The combination is computed, and queued or its delivery claimed, before the lock is released,
        // so combinations computed by two threads reach the downstream in the order they were computed;
        // the call to the downstream happens outside the lock.
        let combination = combine(latest)
        if output.storeOrClaim(combination, keepingOnlyLatest: true) {
            lock.unlock()
            output.deliverClaimed(combination)
        } else {
            lock.unlock()
            output.drain()
        }
    }

    func childCompleted(_ index: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        finished[index] = true
        subscriptions[index] = nil
        if completionIsFinished(completion) {
            guard !finished.contains(false) else {
                lock.unlock()
                return
            }
            let toCancel = takeSubscriptionsForTermination()
            lock.unlock()
            toCancel.forEach { $0.cancel() }
            output.completeFinished()
        } else {
            let toCancel = takeSubscriptionsForTermination()
            lock.unlock()
            toCancel.forEach { $0.cancel() }
            output.complete(completion, immediately: true)
        }
    }

    /// Call with the lock held.
    private func takeSubscriptionsForTermination() -> [Subscription] {
        terminated = true
        let active = subscriptions.compactMap { $0 }
        subscriptions = subscriptions.map { _ in nil }
        return active
    }

    // MARK: downstream

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        output.request(demand)
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        requested += demand
        let active = subscriptions.compactMap { $0 }
        lock.unlock()
        for subscription in active { subscription.request(demand) }
    }

    func cancel() {
        lock.lock()
        let toCancel = terminated ? [] : takeSubscriptionsForTermination()
        terminated = true
        lock.unlock()
        output.cancel()
        toCancel.forEach { $0.cancel() }
    }
}

/// Subscribes to one upstream on behalf of a `CombineLatestCoordinator`.
internal final class CombineLatestChild<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    private let coordinator: CombineLatestCoordinator<Downstream>
    private let index: Int

    init(coordinator: CombineLatestCoordinator<Downstream>, index: Int) {
        self.coordinator = coordinator
        self.index = index
    }

    var description: String { "\(coordinator.description) side \(index)" }

    func receive(subscription: Subscription) { coordinator.childSubscribed(index, subscription) }
    func receive(_ input: Input) -> Subscribers.Demand {
        coordinator.childReceived(index, input)
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) { coordinator.childCompleted(index, completion) }
}
