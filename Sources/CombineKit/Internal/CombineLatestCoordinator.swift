import ReactiveBridgePrimitives

/// The inner object of `combineLatest`: one subscription towards the downstream, a child subscriber towards
/// each upstream.
///
/// Demand: each downstream `request(n)` is forwarded as `request(n)` to every upstream (to an upstream
/// that subscribes later, the demand requested so far). Once every upstream has produced, each element
/// republishes the latest combination through a `DemandBuffer`, so the downstream never receives more
/// than it demanded and is never called concurrently (while it has no demand, only the newest
/// combination waits). Finishes only when all upstreams have finished, even if one finished without
/// ever producing (as Apple's Combine does: OpenCombine's CombineLatestTests, run against Combine). Any
/// failure is forwarded at once and cancels the other upstreams.
///
/// A `Just` upstream is not subscribed (`childJust`): its value waits in its element until the first
/// request of demand reaches it, which delivers it and `.finished`, as a `Just`'s subscription does
/// (Combine's `Just` "emits an output to each subscriber just once, and then finishes", on the first
/// demand above zero). So it costs no child, subscription or request call.
///
/// The latest values live in place, in the combination itself: the coordinator holds one tuple's storage
/// (`combination`), each child writes its upstream's values straight into its element (`CombineLatestChild
/// .latest`, placed by `TupleLayout`), and once every element is there each new value republishes a copy
/// of the whole tuple. This runs in unspecialised code (the arity's `receive(subscriber:)` is generic),
/// where writing through a pointer to a generic type needs only that type's value witnesses and copying
/// the tuple only its metadata, which the coordinator already has. The alternatives cost more per
/// combination in that unspecialised code: values kept as `Any` need a dynamic cast each, and a tuple
/// built from typed values through a closure needs a run-time tuple metadata look-up.
///
/// One object per subscription besides the `DemandBuffer` and the combination's storage: the lock is
/// inline, the children are structs, and what the coordinator keeps of each upstream (its subscription,
/// whether it produced and finished, its element's type and offset) is stored inline, for up to four
/// upstreams (Combine's arities).
@usableFromInline
internal final class CombineLatestCoordinator<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = Downstream.Failure

    /// The lock: must stay the first stored property (see `InlineLockStorage`). Everything below that is
    /// `@exclusivity(unchecked)` is guarded by it.
    private var lockStorage = InlineLockStorage()
    private let output: DemandBuffer<Downstream>
    /// The combination's storage: element `i` is initialised once upstream `i` has produced (bit `i` of
    /// `producedMask`), destroyed at termination or, at the latest, in `deinit`.
    private let combination: UnsafeMutablePointer<Downstream.Input>
    private let upstreamCount: Int
    /// Each upstream's subscription, from `receive(subscription:)` until it finishes or the coordinator ends.
    @exclusivity(unchecked) private var subscriptions = CombineLatestSubscriptions()
    /// Each upstream's element type and its offset in the combination, recorded by its child's `init`.
    @exclusivity(unchecked) private var elements = CombineLatestElements()
    /// Bit `i`: upstream `i` has produced (its element is initialised) / has finished.
    @exclusivity(unchecked) private var producedMask = 0
    /// Bit `i`: upstream `i` is a `Just` whose value waits in its element for demand (see `childJust`).
    @exclusivity(unchecked) private var waitingJusts = 0
    @exclusivity(unchecked) private var finishedMask = 0
    /// How many upstreams have not produced yet, and how many have not finished, kept as counts so that
    /// each event needs no scan.
    @exclusivity(unchecked) private var missingLatest: Int
    @exclusivity(unchecked) private var unfinished: Int
    @exclusivity(unchecked) private var requested = Subscribers.Demand.none
    @exclusivity(unchecked) private var terminated = false

    @usableFromInline init(count: Int, downstream: Downstream) {
        precondition(count <= CombineLatestSubscriptions.capacity, "CombineLatestCoordinator: at most \(CombineLatestSubscriptions.capacity) upstreams")
        self.output = DemandBuffer(downstream: downstream)
        combination = .allocate(capacity: 1)
        upstreamCount = count
        missingLatest = count
        unfinished = count
        lock.initialize()
        assert(lock.isAt(&lockStorage), "CombineLatestCoordinator: the inline lock must be the first stored property")
    }

    deinit {
        destroyElements(producedMask | waitingJusts)  // what termination left (none, if it came)
        combination.deallocate()
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// Records upstream `index`'s element type and offset (from `TupleLayout.place`) and returns its storage,
    /// for the child's `init` (before `start`).
    @usableFromInline func element<Element>(_ index: Int, at offset: Int, as type: Element.Type) -> UnsafeMutablePointer<Element> {
        elements.record(index, type: type, offset: offset)
        // Memory bound to a tuple type is bound to its element types at their offsets.
        return (UnsafeMutableRawPointer(combination) + offset).assumingMemoryBound(to: Element.self)
    }

    /// Destroys the elements whose bits are set in `mask`. Called once nothing else can touch them: after
    /// termination (which `endLocked` returned `mask` from) or in `deinit`.
    private func destroyElements(_ mask: Int) {
        guard mask != 0 else { return }
        for index in 0..<upstreamCount where mask & (1 &<< index) != 0 {
            destroy(elements.type(at: index), at: UnsafeMutableRawPointer(combination) + elements.offset(at: index))
        }
    }

    private func destroy<Element>(_: Element.Type, at address: UnsafeMutableRawPointer) {
        address.assumingMemoryBound(to: Element.self).deinitialize(count: 1)
    }

    @usableFromInline var description: String { "CombineLatest" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: ["upstreams": upstreamCount]) }
    @usableFromInline var playgroundDescription: Any { description }

    // MARK: children

    func childSubscribed(_ index: Int, _ subscription: Subscription) {
        lock.lock()
        guard !terminated, !subscriptions.holds(index), finishedMask & (1 &<< index) == 0 else {
            lock.unlock()
            subscription.cancel()
            return
        }
        subscriptions.set(index, subscription)
        let demand = requested
        lock.unlock()
        if demand > 0 { subscription.request(demand) }
    }

    /// Upstream `bit`'s value (`bit`: `1 &<< index`, which the child keeps), stored in its element at `latest`.
    func childReceived<Input>(_ bit: Int, _ value: Input, into latest: UnsafeMutablePointer<Input>) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        if producedMask & bit != 0 {
            latest.pointee = value
        } else {
            latest.initialize(to: value)
            producedMask |= bit
            missingLatest -= 1
        }
        publishAndUnlock()
    }

    /// Call with the lock held, after an upstream produced: releases the lock, publishing the combination if
    /// every upstream has produced.
    @inline(__always)
    private func publishAndUnlock() {
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

    /// Upstream `index` is a `Just` of `value`, at `offset` in the combination: taken without subscribing.
    /// Its value waits in its element until demand reaches it (`deliverJust`), as a `Just`'s subscription
    /// delivers on the first request above zero; if the downstream has already requested, that is now, as
    /// for a subscription arriving after the request (`childSubscribed`). After cancellation it is dropped,
    /// as such a subscription would be cancelled before it is asked.
    @usableFromInline func childJust<Element>(_ index: Int, at offset: Int, _ value: Element) {
        let latest = element(index, at: offset, as: Element.self)
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        latest.initialize(to: value)
        waitingJusts |= 1 &<< index
        let demanded = requested > 0
        lock.unlock()
        if demanded { deliverJust(index) }
    }

    /// Demand reached the `Just` upstream `index`: its waiting value is produced, then it finishes, as its
    /// subscription would deliver them. Nothing if it was delivered already (a `Just` delivers once) or the
    /// subscription ended.
    private func deliverJust(_ index: Int) {
        let bit = 1 &<< index
        lock.lock()
        guard !terminated, waitingJusts & bit != 0 else {
            lock.unlock()
            return
        }
        waitingJusts &= ~bit
        producedMask |= bit
        missingLatest -= 1
        publishAndUnlock()
        childFinished(index)
    }

    func childCompleted(_ index: Int, _ completion: Subscribers.Completion<Failure>) {
        if completionIsFinished(completion) {
            childFinished(index)
        } else {
            childFailed(index, completion)
        }
    }

    /// Upstream `index` finished. Also a `Just`'s end (`deliverJust`), which makes no `.finished`: in this
    /// unspecialised code a `Completion<Failure>` costs a run-time look-up of its metadata each time.
    private func childFinished(_ index: Int) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        markFinishedLocked(index)
        let finishedSubscription = subscriptions.take(index)
        guard unfinished == 0 else {
            lock.unlock()
            withExtendedLifetime(finishedSubscription) {}  // released outside the lock
            return
        }
        let ended = endLocked()
        lock.unlock()
        end(ended)
        output.completeFinished()
    }

    @inline(never)
    private func childFailed(_ index: Int, _ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !terminated else {
            lock.unlock()
            return
        }
        markFinishedLocked(index)
        let failedSubscription = subscriptions.take(index)
        let ended = endLocked()
        lock.unlock()
        withExtendedLifetime(failedSubscription) {}  // released outside the lock
        end(ended)
        output.complete(completion, immediately: true)
    }

    private func markFinishedLocked(_ index: Int) {
        if finishedMask & (1 &<< index) == 0 {
            finishedMask |= 1 &<< index
            unfinished -= 1
        }
    }

    /// Call with the lock held: ends the subscription. Returns the elements produced, for `end(_:)`.
    private func endLocked() -> Int {
        terminated = true
        let produced = producedMask | waitingJusts
        producedMask = 0
        waitingJusts = 0
        return produced
    }

    /// After `endLocked()`, outside the lock: cancels the upstream subscriptions still held and destroys the
    /// elements produced. Once `terminated` is set (under the lock), nothing else touches either.
    private func end(_ produced: Int) {
        for index in 0..<upstreamCount { subscriptions.take(index)?.cancel() }
        destroyElements(produced)
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
        let justs = waitingJusts
        guard subscriptions.holdsAny() || justs != 0 else {
            lock.unlock()
            return
        }
        var active = CombineLatestSubscriptions()  // only those held: copying an empty one copies no existential
        for index in 0..<upstreamCount {
            if let subscription = subscriptions.copy(index) { active.set(index, subscription) }
        }
        lock.unlock()
        // In order, as the upstreams' subscriptions are asked: a `Just` delivers when its turn comes.
        for index in 0..<upstreamCount {
            if justs & (1 &<< index) != 0 {
                deliverJust(index)
            } else {
                active.take(index)?.request(demand)
            }
        }
    }

    @usableFromInline func cancel() {
        lock.lock()
        if terminated {
            lock.unlock()
            output.cancel()
            return
        }
        let ended = endLocked()
        lock.unlock()
        output.cancel()
        end(ended)
    }
}

/// The upstreams' subscriptions of a `CombineLatestCoordinator`, inline: at most four (Combine's arities).
/// Not generic, so the coordinator's unspecialised code reads and writes them without value witnesses.
/// Which are held is a bit mask: testing an existential for `nil` copies it (value-witness calls). Every
/// method is `mutating`, reads too, so that the coordinator calls them on its stored property in place: a
/// non-mutating call would first copy all four existentials.
struct CombineLatestSubscriptions {
    static var capacity: Int { 4 }

    private var held = 0  // bit `i`: upstream `i`'s subscription is held
    private var first: Subscription?
    private var second: Subscription?
    private var third: Subscription?
    private var fourth: Subscription?

    /// Whether any is held.
    mutating func holdsAny() -> Bool { held != 0 }

    /// Whether upstream `index`'s subscription is held.
    mutating func holds(_ index: Int) -> Bool { held & (1 &<< index) != 0 }

    /// Upstream `index`'s subscription, if held (left held).
    mutating func copy(_ index: Int) -> Subscription? {
        guard holds(index) else { return nil }
        return withSlot(index) { $0 }
    }

    mutating func set(_ index: Int, _ subscription: Subscription) {
        held |= 1 &<< index
        withSlot(index) { $0 = subscription }
    }

    /// Upstream `index`'s subscription, leaving none.
    mutating func take(_ index: Int) -> Subscription? {
        guard holds(index) else { return nil }
        held &= ~(1 &<< index)
        return withSlot(index) { $0.take() }
    }

    @inline(__always)
    private mutating func withSlot<Result>(_ index: Int, _ body: (inout Subscription?) -> Result) -> Result {
        switch index {
        case 0: body(&first)
        case 1: body(&second)
        case 2: body(&third)
        case 3: body(&fourth)
        default: preconditionFailure("CombineLatestSubscriptions: no upstream \(index)")
        }
    }
}

/// Where a `CombineLatestCoordinator`'s elements are: each upstream's element type and its offset in the
/// combination (at most four upstreams, as `CombineLatestSubscriptions`).
struct CombineLatestElements {
    private var types: (Any.Type, Any.Type, Any.Type, Any.Type) = (Void.self, Void.self, Void.self, Void.self)
    private var offsets: (Int, Int, Int, Int) = (0, 0, 0, 0)

    mutating func record(_ index: Int, type: Any.Type, offset: Int) {
        switch index {
        case 0: types.0 = type; offsets.0 = offset
        case 1: types.1 = type; offsets.1 = offset
        case 2: types.2 = type; offsets.2 = offset
        case 3: types.3 = type; offsets.3 = offset
        default: preconditionFailure("CombineLatestElements: no upstream \(index)")
        }
    }

    func type(at index: Int) -> Any.Type {
        switch index {
        case 0: types.0
        case 1: types.1
        case 2: types.2
        case 3: types.3
        default: preconditionFailure("CombineLatestElements: no upstream \(index)")
        }
    }

    func offset(at index: Int) -> Int {
        switch index {
        case 0: offsets.0
        case 1: offsets.1
        case 2: offsets.2
        case 3: offsets.3
        default: preconditionFailure("CombineLatestElements: no upstream \(index)")
        }
    }
}

/// Subscribes to one upstream on behalf of a `CombineLatestCoordinator`, and writes that upstream's
/// values into its element of the coordinator's combination. A struct: what it keeps of its upstream
/// lives in the coordinator, so a subscription allocates no object per upstream.
@usableFromInline
internal struct CombineLatestChild<Input, Downstream: Subscriber>: Subscriber, CustomStringConvertible {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline let combineIdentifier = CombineIdentifier()
    private let coordinator: CombineLatestCoordinator<Downstream>
    private let index: Int
    private let bit: Int  // `1 &<< index`, the coordinator's flag for this upstream
    /// This child's element of the coordinator's combination.
    private let latest: UnsafeMutablePointer<Input>

    /// The child of upstream `index`, whose element is at `offset` (from `TupleLayout.place`) in the
    /// combination; records the element's type and offset in `coordinator`.
    @usableFromInline init(coordinator: CombineLatestCoordinator<Downstream>, index: Int, offset: Int) {
        self.coordinator = coordinator
        self.index = index
        bit = 1 &<< index
        latest = coordinator.element(index, at: offset, as: Input.self)
    }

    @usableFromInline var description: String { "\(coordinator.description) side \(index)" }

    @usableFromInline func receive(subscription: Subscription) { coordinator.childSubscribed(index, subscription) }
    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        coordinator.childReceived(bit, input, into: latest)
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

/// The output of `upstream`, which the caller has found to be a `Just<Output>`. Read in place (a `Just` is laid
/// out as its one stored property, `output`), so that unspecialised code needs no metadata of `Just<Output>`.
@inlinable
internal func justOutput<Upstream, Output>(of upstream: Upstream, as _: Output.Type) -> Output {
    assert(MemoryLayout<Upstream>.size == MemoryLayout<Output>.size, "justOutput(of:as:) was given a publisher that is not a Just of this output")
    return withUnsafeBytes(of: upstream) { $0.load(as: Output.self) }
}
