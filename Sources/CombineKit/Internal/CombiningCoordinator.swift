import ReactiveBridgePrimitives

/// The inner object shared by merge and zip: one subscription towards the
/// downstream, N child subscribers towards the upstreams.
///
/// Demand: each downstream `request(n)` is forwarded as `request(n)` to every upstream (to an
/// upstream that subscribes later, the demand requested so far). What the upstreams produce goes
/// through a `DemandBuffer`, so the downstream never receives more than it demanded and is never
/// called concurrently, even when the upstreams run on different threads.
/// - merge: every element is republished; finishes when all upstreams have finished.
/// - zip: pairs the n-th elements of every upstream; finishes as soon as an upstream has finished
///   and its queued elements are used up. As Combine's, the upstream whose element completed a
///   combination gets the demand the downstream adds while that combination is delivered (returned
///   from `receive(_:)` or requested meanwhile) as the return value of its `receive(_:)`; the other
///   upstreams get it by `request(_:)`.
/// Any failure is forwarded at once and cancels the other upstreams (zip: all of them, as Combine's).
internal final class CombiningCoordinator<Value, Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure

    enum Mode {
        case merge((Value) -> Downstream.Input)
        case zip(([Value]) -> Downstream.Input)
    }

    private let lock = Lock()
    private let mode: Mode
    private let name: String
    private let output: DemandBuffer<Downstream>
    private var subscriptions: [Subscription?]
    private var finished: [Bool]
    private var queues: [[Value]]
    private var requested = Subscribers.Demand.none
    private var terminated = false
    /// zip: the upstream whose element completed the combination being delivered (-1: none), and the
    /// demand the downstream added meanwhile, returned to it from its `receive(_:)`.
    private var deliveringChild = -1
    private var demandForDeliveringChild = Subscribers.Demand.none

    init(count: Int, name: String, downstream: Downstream, mode: Mode) {
        self.mode = mode
        self.name = name
        self.output = DemandBuffer(downstream: downstream)
        subscriptions = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        switch mode {
        case .zip: queues = Array(repeating: [], count: count)
        default: queues = []
        }
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["upstreams": subscriptions.count]) }
    var playgroundDescription: Any { description }

    /// Subscribes the child at `index` to `publisher`.
    func attach<P: Publisher>(_ publisher: P, at index: Int, wrap: @escaping (P.Output) -> Value) where P.Failure == Failure {
        publisher.subscribe(CombiningChild(coordinator: self, index: index, wrap: wrap))
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

    func childReceived(_ index: Int, _ value: Value) -> Subscribers.Demand {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return .none
        }
        switch mode {
        // Each value is queued into `output` before the lock is released, so values computed by two
        // threads reach the downstream in the order they were computed (a combination computed later
        // never arrives before an earlier one); delivery itself happens in `drain()`, outside the lock.
        case .merge(let single):
            output.store(single(value))
            lock.unlock()
            let returned = output.drain()
            if returned > 0 { passUpstream(returned) }
        case .zip(let combine):
            queues[index].append(value)
            guard !queues.contains(where: { $0.isEmpty }) else {
                lock.unlock()
                return .none
            }
            var values: [Value] = []
            values.reserveCapacity(queues.count)
            for i in queues.indices { values.append(queues[i].removeFirst()) }
            let exhausted = queues.indices.contains { finished[$0] && queues[$0].isEmpty }
            let toCancel = exhausted ? takeSubscriptionsForTermination() : []
            output.store(combine(values))
            // A nested delivery (the downstream made an upstream send) leaves the demand to the outer one.
            let owns = deliveringChild < 0
            if owns { deliveringChild = index }
            lock.unlock()
            let returned = output.drain()
            if returned > 0 { passUpstream(returned) }
            var demand = Subscribers.Demand.none
            if owns {
                lock.lock()
                deliveringChild = -1
                demand = demandForDeliveringChild
                demandForDeliveringChild = .none
                lock.unlock()
            }
            if exhausted {
                toCancel.forEach { $0.cancel() }
                output.complete(.finished)
            }
            return demand
        }
        return .none
    }

    func childCompleted(_ index: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        finished[index] = true
        // zip cancels the failed upstream with the others, as Combine's does.
        var cancelsFailedUpstream = false
        if case .failure = completion, case .zip = mode { cancelsFailedUpstream = true }
        if !cancelsFailedUpstream { subscriptions[index] = nil }
        switch completion {
        case .failure:
            let toCancel = takeSubscriptionsForTermination()
            lock.unlock()
            toCancel.forEach { $0.cancel() }
            output.complete(completion, immediately: true)
        case .finished:
            let done: Bool
            switch mode {
            case .merge: done = !finished.contains(false)
            case .zip: done = queues[index].isEmpty
            }
            guard done else {
                lock.unlock()
                return
            }
            let toCancel = takeSubscriptionsForTermination()
            lock.unlock()
            toCancel.forEach { $0.cancel() }
            output.complete(.finished)
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
        passUpstream(demand + output.request(demand))
    }

    /// Passes downstream demand (requested, or returned from `receive(_:)`) to every upstream.
    private func passUpstream(_ demand: Subscribers.Demand) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        requested += demand
        var active = subscriptions
        if deliveringChild >= 0 {
            active[deliveringChild] = nil
            demandForDeliveringChild += demand
        }
        lock.unlock()
        for case let subscription? in active { subscription.request(demand) }
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

/// Subscribes to one upstream on behalf of a `CombiningCoordinator`.
internal final class CombiningChild<Input, Value, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    typealias Failure = Downstream.Failure

    private let coordinator: CombiningCoordinator<Value, Downstream>
    private let index: Int
    private let wrap: (Input) -> Value

    init(coordinator: CombiningCoordinator<Value, Downstream>, index: Int, wrap: @escaping (Input) -> Value) {
        self.coordinator = coordinator
        self.index = index
        self.wrap = wrap
    }

    var description: String { "\(coordinator.description) side \(index)" }

    func receive(subscription: Subscription) { coordinator.childSubscribed(index, subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { coordinator.childReceived(index, wrap(input)) }
    func receive(completion: Subscribers.Completion<Failure>) { coordinator.childCompleted(index, completion) }
}

extension CombiningCoordinator {
    /// Hands the coordinator to the downstream, then subscribes the upstreams in order.
    static func start(_ coordinator: CombiningCoordinator, downstream: Downstream, attachChildren: () -> Void) {
        downstream.receive(subscription: coordinator)
        attachChildren()
    }
}
