import ReactiveBridgePrimitives

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
/// The latest values live in place, in the combination itself: the coordinator holds one tuple's storage
/// (`combination`), each child writes its upstream's values straight into its element (`CombineLatestChild
/// .latest`, placed by `TupleLayout`), and once every element is there each new value republishes a copy
/// of the whole tuple. This runs in unspecialised code (the arity's `receive(subscriber:)` is generic),
/// where writing through a pointer to a generic type needs only that type's value witnesses and copying
/// the tuple only its metadata, which the coordinator already has. Before (R9, callgrind, per send through
/// seven four-way levels): the values were kept as `Any` and cast back with `as!` per combination —
/// 17,734 instructions, ~40 % of them in dynamic casts; building the tuple from typed values through a
/// closure instead still cost a run-time tuple metadata look-up and an associated-type look-up per
/// element per combination (5,058). Before that they were `[Value?]`, whose every element access, `nil`
/// test and `map` ran unspecialised with metadata look-ups and a coroutine frame per element read.
@usableFromInline
internal final class CombineLatestCoordinator<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure

    // Guarded by `lock` (so the dynamic exclusivity checks, a runtime call per access, are off).
    private let lock = Lock()
    private let output: DemandBuffer<Downstream>
    /// The combination's storage: element `i` is initialised once child `i` has produced (its `hasLatest`),
    /// by that child, which also deinitialises it. Children hold the coordinator, so this outlives them.
    private let combination: UnsafeMutablePointer<Downstream.Input>
    /// The children, kept because their elements must stay while the combination is in use even after
    /// their upstreams have finished and let them go. Set by `start`, released at termination.
    @exclusivity(unchecked) private var children: [AnyObject] = []
    @exclusivity(unchecked) private var subscriptions: [Subscription?]
    @exclusivity(unchecked) private var finished: [Bool]
    /// How many upstreams have not produced yet, kept as a count so that each value needs no scan.
    @exclusivity(unchecked) private var missingLatest: Int
    @exclusivity(unchecked) private var requested = Subscribers.Demand.none
    @exclusivity(unchecked) private var terminated = false

    @usableFromInline init(count: Int, downstream: Downstream) {
        self.output = DemandBuffer(downstream: downstream)
        combination = .allocate(capacity: 1)
        subscriptions = Array(repeating: nil, count: count)
        finished = Array(repeating: false, count: count)
        missingLatest = count
    }

    deinit {
        combination.deallocate()  // its elements went with the children
    }

    /// The storage of the combination's element at `offset` (from `TupleLayout.place`), for a child.
    @usableFromInline func element<Element>(at offset: Int, as _: Element.Type) -> UnsafeMutablePointer<Element> {
        // Memory bound to a tuple type is bound to its element types at their offsets.
        (UnsafeMutableRawPointer(combination) + offset).assumingMemoryBound(to: Element.self)
    }

    @usableFromInline var description: String { "CombineLatest" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["upstreams": subscriptions.count]) }
    @usableFromInline var playgroundDescription: Any { description }

    /// Takes the children (made with `self`, one per upstream, indexed in order, each writing into its
    /// element of the combination), hands the coordinator to the downstream, then lets `attachChildren`
    /// subscribe the upstreams in order.
    @usableFromInline func start(downstream: Downstream, children: [AnyObject], attachChildren: () -> Void) {
        self.children = children
        downstream.receive(subscription: self)
        attachChildren()
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

    func childReceived<Input>(_ child: CombineLatestChild<Input, Downstream>, _ value: Input) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        if child.hasLatest {
            child.latest.pointee = value
        } else {
            child.latest.initialize(to: value)
            child.hasLatest = true
            missingLatest -= 1
        }
        guard missingLatest == 0 else {
            lock.unlock()
            return
        }
        // The combination is computed, and queued or its delivery claimed, before the lock is released,
        // so combinations computed by two threads reach the downstream in the order they were computed;
        // the call to the downstream happens outside the lock.
        let combination = self.combination.pointee
        let returned: Subscribers.Demand
        if output.storeOrClaim(combination, keepingOnlyLatest: true) {
            lock.unlock()
            returned = output.deliverClaimed(combination)
        } else {
            lock.unlock()
            returned = output.drain()
        }
        if returned > 0 { passUpstream(returned) }
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
            let ended = endLocked()
            lock.unlock()
            ended.subscriptions.forEach { $0.cancel() }
            output.completeFinished()
        } else {
            let ended = endLocked()
            lock.unlock()
            ended.subscriptions.forEach { $0.cancel() }
            output.complete(completion, immediately: true)
        }
    }

    /// What termination lets go of: the upstream subscriptions to cancel, and the children with their
    /// values, to be released once the lock is released.
    private struct Ended {
        let subscriptions: [Subscription]
        let children: [AnyObject]
    }

    /// Call with the lock held.
    private func endLocked() -> Ended {
        terminated = true
        let active = subscriptions.compactMap { $0 }
        subscriptions = subscriptions.map { _ in nil }
        let ended = Ended(subscriptions: active, children: children)
        children = []
        return ended
    }

    // MARK: downstream

    @usableFromInline func request(_ demand: Subscribers.Demand) {
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
        let active = subscriptions.compactMap { $0 }
        lock.unlock()
        for subscription in active { subscription.request(demand) }
    }

    @usableFromInline func cancel() {
        lock.lock()
        let ended = terminated ? nil : endLocked()
        lock.unlock()
        output.cancel()
        ended?.subscriptions.forEach { $0.cancel() }
    }
}

/// Subscribes to one upstream on behalf of a `CombineLatestCoordinator`, and keeps that upstream's latest
/// value in its element of the coordinator's combination.
@usableFromInline
internal final class CombineLatestChild<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Failure = Downstream.Failure

    private let coordinator: CombineLatestCoordinator<Downstream>
    private let index: Int
    /// The latest value: this child's element of the coordinator's combination, initialised once
    /// `hasLatest`. Both are guarded by the coordinator's lock.
    let latest: UnsafeMutablePointer<Input>
    @exclusivity(unchecked) var hasLatest = false

    @usableFromInline init(coordinator: CombineLatestCoordinator<Downstream>, index: Int, offset: Int) {
        self.coordinator = coordinator
        self.index = index
        latest = coordinator.element(at: offset, as: Input.self)
    }

    deinit {
        if hasLatest { latest.deinitialize(count: 1) }
    }

    @usableFromInline var description: String { "\(coordinator.description) side \(index)" }

    @usableFromInline func receive(subscription: Subscription) { coordinator.childSubscribed(index, subscription) }
    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        coordinator.childReceived(self, input)
        return .none
    }
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) { coordinator.childCompleted(index, completion) }
}

/// Places the elements of a tuple as Swift lays one out (the Swift ABI's type layout, docs/ABI/TypeLayout.rst:
/// a tuple is laid out as a struct of its elements — in order, each at the first offset past the previous
/// one that its alignment allows), so that `combineLatest` can write each element of its combination in
/// place. `matches` checks the result against the tuple type's own size and alignment.
@usableFromInline
internal struct TupleLayout {
    @usableFromInline var size = 0
    @usableFromInline var alignment = 1

    @inlinable init() {}

    /// The offset of the next element, of type `Element`.
    @inlinable mutating func place<Element>(_: Element.Type) -> Int {
        let elementAlignment = MemoryLayout<Element>.alignment  // a power of two
        let offset = (size + elementAlignment - 1) & ~(elementAlignment - 1)
        size = offset + MemoryLayout<Element>.size
        alignment = Swift.max(alignment, elementAlignment)
        return offset
    }

    /// Whether the elements placed so far make up `Tuple`'s size and alignment.
    @inlinable func matches<Tuple>(_: Tuple.Type) -> Bool {
        MemoryLayout<Tuple>.size == size && MemoryLayout<Tuple>.alignment == alignment
    }
}
