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
    private let upstreamCount: Int
    /// The children, kept because their elements must stay while the combination is in use even after
    /// their upstreams have finished and let them go; each also holds its upstream's subscription and
    /// whether it finished (no arrays of those to allocate). Set by `start`, released at termination.
    @exclusivity(unchecked) private var children: [CombineLatestSide] = []
    /// How many upstreams have not produced yet, and how many have not finished, kept as counts so that
    /// each event needs no scan.
    @exclusivity(unchecked) private var missingLatest: Int
    @exclusivity(unchecked) private var unfinished: Int
    @exclusivity(unchecked) private var requested = Subscribers.Demand.none
    @exclusivity(unchecked) private var terminated = false

    @usableFromInline init(count: Int, downstream: Downstream) {
        self.output = DemandBuffer(downstream: downstream)
        combination = .allocate(capacity: 1)
        upstreamCount = count
        missingLatest = count
        unfinished = count
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
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["upstreams": upstreamCount]) }
    @usableFromInline var playgroundDescription: Any { description }

    /// Takes the children (made with `self`, one per upstream, indexed in order, each writing into its
    /// element of the combination), hands the coordinator to the downstream, then lets `attachChildren`
    /// subscribe the upstreams in order.
    @usableFromInline func start(downstream: Downstream, children: [CombineLatestSide], attachChildren: () -> Void) {
        self.children = children
        downstream.receive(subscription: self)
        attachChildren()
    }

    // MARK: children

    func childSubscribed(_ child: CombineLatestSide, _ subscription: Subscription) {
        lock.lock()
        guard !terminated, child.subscription == nil, !child.finished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        child.subscription = subscription
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

    func childCompleted(_ child: CombineLatestSide, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        if !child.finished {
            child.finished = true
            unfinished -= 1
        }
        child.subscription = nil
        if completionIsFinished(completion) {
            guard unfinished == 0 else {
                lock.unlock()
                return
            }
            let ended = endLocked()
            lock.unlock()
            cancelSubscriptions(of: ended)
            output.completeFinished()
        } else {
            let ended = endLocked()
            lock.unlock()
            cancelSubscriptions(of: ended)
            output.complete(completion, immediately: true)
        }
    }

    /// Call with the lock held. Returns the children with their values and the upstream subscriptions
    /// still held, to be cancelled (`cancelSubscriptions(of:)`) and released once the lock is released.
    private func endLocked() -> [CombineLatestSide] {
        terminated = true
        let ended = children
        children = []
        return ended
    }

    /// Cancels the subscriptions the children of `endLocked()` still hold. Outside the lock: once
    /// `terminated` is set, nothing else touches them.
    private func cancelSubscriptions(of ended: [CombineLatestSide]) {
        for index in 0..<ended.count { ended[index].subscription.take()?.cancel() }
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
        var active: [Subscription] = []
        for index in 0..<children.count {
            if let subscription = children[index].subscription { active.append(subscription) }
        }
        lock.unlock()
        for subscription in active { subscription.request(demand) }
    }

    @usableFromInline func cancel() {
        lock.lock()
        let ended = terminated ? [] : endLocked()
        lock.unlock()
        output.cancel()
        cancelSubscriptions(of: ended)
    }
}

/// What a `CombineLatestCoordinator` keeps of one upstream, whatever its output type: the subscription
/// and whether it finished, guarded by the coordinator's lock. Not generic, so the coordinator's loops
/// over its children need no run-time metadata look-up.
@usableFromInline
internal class CombineLatestSide {
    let index: Int
    @exclusivity(unchecked) var subscription: Subscription?
    @exclusivity(unchecked) var finished = false

    init(index: Int) {
        self.index = index
    }
}

/// Subscribes to one upstream on behalf of a `CombineLatestCoordinator`, and keeps that upstream's latest
/// value in its element of the coordinator's combination.
@usableFromInline
internal final class CombineLatestChild<Input, Downstream: Subscriber>: CombineLatestSide, Subscriber,
    CustomStringConvertible {
    @usableFromInline typealias Failure = Downstream.Failure

    private let coordinator: CombineLatestCoordinator<Downstream>
    /// The latest value: this child's element of the coordinator's combination, initialised once
    /// `hasLatest`. Both are guarded by the coordinator's lock.
    let latest: UnsafeMutablePointer<Input>
    @exclusivity(unchecked) var hasLatest = false

    @usableFromInline init(coordinator: CombineLatestCoordinator<Downstream>, index: Int, offset: Int) {
        self.coordinator = coordinator
        latest = coordinator.element(at: offset, as: Input.self)
        super.init(index: index)
    }

    deinit {
        if hasLatest { latest.deinitialize(count: 1) }
    }

    @usableFromInline var description: String { "\(coordinator.description) side \(index)" }

    @usableFromInline func receive(subscription: Subscription) { coordinator.childSubscribed(self, subscription) }
    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        coordinator.childReceived(self, input)
        return .none
    }
    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) { coordinator.childCompleted(self, completion) }
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
