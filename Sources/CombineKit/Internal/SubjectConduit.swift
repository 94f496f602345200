import ReactiveBridgePrimitives

/// The per-subscriber subscription handed out by the subjects.
///
/// The subject keeps a list of conduits and offers each value to every conduit. A conduit:
/// - drops values while its subscriber has no outstanding demand (as Combine's subjects do);
/// - serialises delivery: if a value arrives (from another thread, or re-entrantly from inside the
///   subscriber) while a delivery is in progress, it is queued and delivered by the thread already
///   delivering, so the subscriber is never called concurrently and no lock is held while calling it;
/// - counts the subscriber's `receive(subscription:)` call as a delivery in progress: what arrives
///   during it (another thread sending as soon as demand was requested) is queued and delivered when
///   the subject calls `subscriptionDelivered()`. Combine requires the calls to a subscriber —
///   `receive(subscription:)` included — to be serialised (Combine team, forums.swift.org/t/29491/11);
/// - in current-value mode, delivers the subject's current value on the first demand (at once when the
///   subscriber asks from inside `receive(subscription:)` on the thread handing it over, as Combine's
///   does), and again on the next demand if a value was dropped for lack of demand;
/// - with a subject that has only this subscriber, takes values from a sender that holds no reference to
///   it (`claimForSender`/`deliverClaimed`, see `SubjectConduitList.claim(sole:)`): if it leaves the subject
///   meanwhile (cancel, completion), it keeps itself alive (`heldForDelivery`) until that delivery ends.
@usableFromInline
internal class SubjectConduitBase<Output, Failure: Error>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    func offer(_ value: Output) { fatalError("abstract") }
    func finish(_ completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
    @usableFromInline func request(_ demand: Subscribers.Demand) { fatalError("abstract") }
    @usableFromInline func cancel() { fatalError("abstract") }
    func subscriptionDelivered() { fatalError("abstract") }
    func claimForSender() -> Bool { fatalError("abstract") }
    func deliverClaimed(_ value: Output) -> AnyObject? { fatalError("abstract") }
    @usableFromInline var description: String { "Conduit" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
    @usableFromInline var playgroundDescription: Any { description }
}

/// A subject's subscriber list.
///
/// Stored as `[AnyObject]` (a concrete type) rather than `[SubjectConduitBase<Output, Failure>]`, and
/// itself not generic: the subjects run as unspecialised generic code in client modules, where copying
/// or iterating an array whose element type depends on a generic parameter, or calling a mutating
/// method of a generic struct, costs a runtime metadata look-up per call (on every subscribe and cancel).
/// Each entry gets a key when it joins (`append`), which it leaves with (`remove(key:)`): removing one
/// moves no other (see `SubscriberList`), so cancelling n subscriptions is not O(n²).
///
/// An entry is a `SubjectConduitBase<Output, Failure>` of the owning subject, or a node entry
/// (`appendNode`): one of RxKit's observers, kept as itself, which a `PassthroughSubject` delivers to
/// without a subscription object (see `PassthroughSubject._subscribeNode`). A node entry's key is odd
/// (`isNodeKey`), a conduit's even.
internal struct SubjectConduitList {
    /// The entry, while the list holds exactly one; `nil` otherwise. A subject with one subscriber (the
    /// common case) then needs no array buffer: an allocation and a free fewer per subscription.
    private(set) var single: AnyObject?
    /// `single`'s key.
    private var singleKey: UInt64 = 0
    /// The last key given out, without its node bit.
    private var lastKey: UInt64 = 0
    /// The entries, in subscription order, while the list holds two or more; empty otherwise.
    private(set) var many = SubscriberList()
    /// `single`, unretained (the list keeps it alive), when it is a conduit: read on the per-value path
    /// without a retain (`claim(sole:)`).
    private(set) var sole: Unmanaged<AnyObject>?
    /// `single`, unretained, when it is a node entry.
    private(set) var soleNode: Unmanaged<AnyObject>?
    /// How many node entries the list holds.
    private(set) var nodeCount = 0

    /// Whether `key` is a node entry's.
    @inline(__always)
    static func isNodeKey(_ key: UInt64) -> Bool { key & 1 != 0 }

    /// What the list holds now (the copy keeps the entries alive), for `removeAll()`. A send reads `single`
    /// or `many` itself: building this enum per value cost a retain, a release and a branch.
    var snapshot: Snapshot {
        if let single { return .single(single, key: singleKey) }
        return .many(many.slots)
    }

    /// A copy of the list's entries: the one entry and its key, or the array of them (two or more, or none).
    enum Snapshot {
        case single(AnyObject, key: UInt64)
        case many([SubscriberList.Slot])
    }

    /// Adds `conduit` at the end; returns the key to remove it with.
    mutating func append(_ conduit: AnyObject) -> UInt64 {
        append(conduit, nodeBit: 0)
    }

    /// Adds `node`, a node entry, at the end; returns the key to remove it with (odd).
    mutating func appendNode(_ node: AnyObject) -> UInt64 {
        nodeCount += 1
        return append(node, nodeBit: 1)
    }

    private mutating func append(_ entry: AnyObject, nodeBit: UInt64) -> UInt64 {
        lastKey += 2
        let key = lastKey | nodeBit
        if !many.isEmpty {
            many.append(entry, key: key)
        } else if let first = single.take() {
            many = SubscriberList(first, key: singleKey, entry, key: key)
        } else {
            single = entry
            singleKey = key
        }
        updateSole()
        return key
    }

    /// Removes the entry added under `key` and returns it (`nil` if it is gone already): keep it until it is
    /// safe to release (with no lock held).
    @discardableResult
    mutating func remove(key: UInt64) -> AnyObject? {
        var removed: AnyObject?
        if single != nil {
            if singleKey == key { removed = single.take() }
        } else if let entry = many.remove(key: key) {
            removed = entry
            if many.count == 1 {
                let remaining = many.first.unsafelyUnwrapped
                many = SubscriberList()
                single = remaining.subscriber
                singleKey = remaining.key
            }
        }
        if removed != nil && Self.isNodeKey(key) { nodeCount -= 1 }
        updateSole()
        return removed
    }

    /// Empties the list, returning what it held.
    mutating func removeAll() -> Snapshot {
        defer {
            single = nil
            many = SubscriberList()
            sole = nil
            soleNode = nil
            nodeCount = 0
        }
        return snapshot
    }

    private mutating func updateSole() {
        if let single {
            let entry = Unmanaged.passUnretained(single)
            if Self.isNodeKey(singleKey) {
                sole = nil
                soleNode = entry
            } else {
                sole = entry
                soleNode = nil
            }
        } else {
            sole = nil
            soleNode = nil
        }
    }

    /// Offers `value` to every conduit of `many` (a copy of `many.slots`; call with no lock held).
    /// `failure` only names the conduits' failure type (a generic parameter's metadata, which costs
    /// nothing to pass).
    static func offer<Output, Failure: Error>(_ value: Output, to many: [SubscriberList.Slot], failure: Failure.Type) {
        // The caller's copy of the array keeps every conduit alive for the loop: no retain per element.
        SubscriberList.forEachSubscriber(in: many) { conduit in
            Self.conduit(conduit, output: Output.self, failure: Failure.self)._withUnsafeGuaranteedRef { $0.offer(value) }
        }
    }

    /// Offers `value` to `single`, the list's one conduit (call with no lock held, holding a reference).
    static func offer<Output, Failure: Error>(_ value: Output, toSingle single: AnyObject, failure: Failure.Type) {
        unsafeDowncast(single, to: SubjectConduitBase<Output, Failure>.self).offer(value)
    }

    /// `sole`, the list's only conduit, unretained, if there is one and its fast path is open, with its delivery
    /// claimed for the caller (`SubjectConduitBase.claimForSender`). Call with the subject's lock held: the
    /// list keeps the conduit alive until the lock is released, and the claim afterwards (a conduit that
    /// leaves the list during a claimed delivery keeps itself alive until the delivery ends). Then, without
    /// the lock, call `deliverClaimed`. The per-value path of a subject with one subscriber: no copy of the
    /// snapshot array (a retain and a release, two atomic operations per value) and no loop. Static, taking
    /// the one field it reads: called on the list, it compiled to a copy of the list (a retain and a release).
    static func claim<Output, Failure: Error>(sole: Unmanaged<AnyObject>?, output: Output.Type, failure: Failure.Type) -> Unmanaged<AnyObject>? {
        guard let sole else { return nil }
        let claimed = Self.conduit(sole, output: Output.self, failure: Failure.self)._withUnsafeGuaranteedRef {
            $0.claimForSender()
        }
        return claimed ? sole : nil
    }

    /// `conduit`, reinterpreted as the conduit it is, still unmanaged. Not a downcast: a downcast yields an
    /// owned reference, which unoptimised builds retain for the call (and a test could then not see the
    /// conduit's lifetime).
    @inline(__always)
    private static func conduit<Output, Failure: Error>(_ conduit: Unmanaged<AnyObject>, output: Output.Type, failure: Failure.Type)
        -> Unmanaged<SubjectConduitBase<Output, Failure>> {
        Unmanaged<SubjectConduitBase<Output, Failure>>.fromOpaque(conduit.toOpaque())
    }

    /// Delivers `value` to a conduit claimed by `claim(sole:)` (call with no lock held). What it returns, if
    /// anything, is the conduit's reference to itself, handed over by a conduit that left the list during
    /// the delivery: the caller releases it after this returns, outside the conduit's own code.
    @inline(__always)
    static func deliverClaimed<Output, Failure: Error>(_ value: Output, to conduit: Unmanaged<AnyObject>, failure: Failure.Type) -> AnyObject? {
        Self.conduit(conduit, output: Output.self, failure: Failure.self)._withUnsafeGuaranteedRef {
            $0.deliverClaimed(value)
        }
    }

    /// Completes every conduit of a snapshot, skipping node entries (call with no lock held).
    static func finish<Output, Failure: Error>(_ completion: Subscribers.Completion<Failure>, _ snapshot: Snapshot, output: Output.Type) {
        switch snapshot {
        case .single(let single, let key):
            if isNodeKey(key) { return }
            unsafeDowncast(single, to: SubjectConduitBase<Output, Failure>.self).finish(completion)
        case .many(let many):
            SubscriberList.forEachKeyedSubscriber(in: many) { key, conduit in
                if isNodeKey(key) { return }
                Self.conduit(conduit, output: Output.self, failure: Failure.self)._withUnsafeGuaranteedRef { $0.finish(completion) }
            }
        }
    }

    /// Offers `value` to `conduit`, an entry of a snapshot that keeps it alive (call with no lock held).
    @inline(__always)
    static func offer<Output, Failure: Error>(_ value: Output, toConduit conduit: Unmanaged<AnyObject>, failure: Failure.Type) {
        Self.conduit(conduit, output: Output.self, failure: Failure.self)._withUnsafeGuaranteedRef { $0.offer(value) }
    }
}

/// What a subject's subscriptions call themselves (their `description`, as Combine's). An enum rather than a
/// `String`: nothing to retain when a conduit is made, nor to release when it and its subject go.
@usableFromInline
internal enum SubjectConduitName {
    case passthroughSubject, currentValueSubject, observableObjectPublisher, publishedSubject

    var description: String {
        switch self {
        case .passthroughSubject: "PassthroughSubject"
        case .currentValueSubject: "CurrentValueSubject"
        case .observableObjectPublisher: "ObservableObjectPublisher"
        case .publishedSubject: "PublishedSubject"
        }
    }
}

/// A subject's completion, boxed: the subjects keep it as an `AnyObject?` so that creating, subscribing
/// to and destroying a subject that has not completed never touches `Completion<Failure>?` (a runtime
/// metadata look-up each time in unspecialised generic code). Only a completed subject pays for it.
internal final class CompletionBox<Failure: Error> {
    let completion: Subscribers.Completion<Failure>
    init(_ completion: Subscribers.Completion<Failure>) { self.completion = completion }
}

/// Implemented by the subjects so their conduits can detach and read the current value.
@usableFromInline
internal protocol SubjectConduitParent<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    /// Removes the conduit the subject gave `key` (`SubjectConduit.listKey`).
    func detach(key: UInt64)
    /// The value to deliver on first demand, or `nil` for a pass-through subject.
    func currentValueForNewDemand() -> Output?
    /// Called on each conduit's first demand, with the conduit's lock held (so it takes no lock and calls
    /// nobody): records that a subscriber asked for values. Returns `true` if upstream subscriptions wait
    /// for that; the conduit then calls `askUpstream()` once it has released its lock. As Combine's, a
    /// subject asks its upstream subscriptions for values once a subscriber first asks it.
    func downstreamDemanded() -> Bool
    /// Asks the upstream subscriptions that waited for a subscriber's demand for `.unlimited` (after
    /// `downstreamDemanded()` returned `true`, without the conduit's lock).
    func askUpstream()
}

/// Values and a completion that arrived while a delivery was in progress (rare, so allocated on demand).
///
/// Kept out of line so that the per-value path only tests a class reference for `nil`: in unspecialised
/// generic code, touching an `[Output]` or a `Completion<Failure>?` costs a runtime metadata look-up
/// (a hash-table probe of several hundred instructions) on every value.
internal final class PendingDeliveries<Output, Failure: Error> {
    // Guarded by the conduit's lock, with nothing called out while an access lasts: the run-time
    // exclusivity checks are off. A `ValueRing`, not an `[Output]`: each array operation would look up
    // `Array<Output>`'s metadata (several senders queueing behind one delivery, T1).
    let values = ValueRing<Output>()
    @exclusivity(unchecked) var completion: Subscribers.Completion<Failure>?

    var hasValues: Bool { !values.isEmpty }

    func popValue() -> Output { values.removeFirst() }
}

@usableFromInline
internal final class SubjectConduit<Parent: SubjectConduitParent, Downstream: Subscriber>: SubjectConduitBase<Parent.Output, Parent.Failure>
    where Downstream.Input == Parent.Output, Downstream.Failure == Parent.Failure
{
    typealias Output = Parent.Output
    typealias Failure = Parent.Failure

    // The lock's atomic word holds two bits:
    // - `delivering`: one thread is calling the subscriber (or the subscriber is inside
    //   `receive(subscription:)`); that thread owns the delivery and, when its call returns, delivers
    //   whatever was queued meanwhile. Set from 0 by a compare-exchange (the fast path) or under the lock;
    //   cleared by a compare-exchange from exactly `delivering` (the fast path) or under the lock by its owner.
    // - `slow`: the fast path may not be taken. Clear only while attached, not completed, with unlimited
    //   demand, nothing queued and (current-value mode) the current value delivered — see
    //   `fastPathAllowedLocked`. Changed only under the lock.
    //
    // The fast path — the common case of a subscriber that asked for `.unlimited` and a value arriving
    // while no other is being delivered — is then: compare-exchange 0 → `delivering`, call the subscriber,
    // compare-exchange `delivering` → 0. No lock, no demand arithmetic (unlimited stays unlimited whatever
    // the subscriber returns). If the second exchange fails, something happened meanwhile (a value was
    // queued, the demand changed, a completion or cancel arrived) and the owner takes the lock to deal
    // with it. The storage of the subscriber is never deinitialised while `delivering` is set: a
    // `cancel()` during a delivery leaves it to the owner, who releases it when its call returns.
    private static var delivering: Int { 1 }
    private static var slow: Int { 2 }

    // Every stored property below is read and written only with `lock` held (except the subscriber
    // storage, read by the owner of `delivering` as explained above), which is what excludes
    // conflicting accesses; the compiler's dynamic exclusivity checks (a runtime call per access on the
    // per-value path) would add nothing, so they are switched off for the mutable ones.
    /// The lock lives in the object (one heap block less per subscription): it must stay the first
    /// stored property (see `InlineLockStorage`; the superclass has none).
    private var lockStorage = InlineLockStorage()
    /// Where the subscriber lives when it fits (up to four words: any class, and most structs): it must
    /// stay the second stored property (see `InlineValueRoom`). One heap block fewer per subscription.
    private var subscriberRoom = InlineValueRoom()
    @exclusivity(unchecked) private var parent: Parent?
    /// The key the subject's list gave this conduit (`SubjectConduitList.append`): set by the subject, under
    /// its lock, before the subscriber receives the conduit; read when the conduit leaves.
    @exclusivity(unchecked) var listKey: UInt64 = 0
    /// The subscriber's heap block, when it does not fit in `subscriberRoom`; `nil` when it does.
    private let subscriberBlock: UnsafeMutablePointer<Downstream>?
    /// The subscriber, initialised while `hasDownstream`: in `subscriberRoom` or `subscriberBlock`. Held
    /// through a pointer rather than as a `Downstream?` so that the per-value path needs no
    /// `Optional<Downstream>` metadata. Set once, in `init` (the room's address only once `self` is formed).
    @exclusivity(unchecked) private var downstreamStorage: UnsafeMutablePointer<Downstream>
    /// False once cancelled or completed: nothing more is delivered.
    @exclusivity(unchecked) private var isAttached = true
    /// Whether `downstreamStorage` is initialised (it outlives `isAttached` when a cancel arrives during
    /// a delivery, until the delivering thread's call returns).
    @exclusivity(unchecked) private var hasDownstream = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var pending: PendingDeliveries<Output, Failure>?
    @exclusivity(unchecked) private var completionAccepted = false
    @exclusivity(unchecked) private var deliveredCurrentValue = false
    /// Whether the parent was told of this conduit's first demand (`SubjectConduitParent.downstreamDemanded()`).
    @exclusivity(unchecked) private var toldParentOfDemand = false
    /// This conduit itself, while it has left its subject's list (cancelled, or completed by the subject)
    /// during a delivery in progress: a subject's sender on the fast path (`claimForSender`) holds no
    /// reference of its own, so the conduit keeps itself alive until the delivering thread takes this back
    /// at the end of its delivery (`drainAfterDelivery`) and releases it outside the conduit's code.
    @exclusivity(unchecked) private var heldForDelivery: AnyObject?
    private let name: SubjectConduitName
    private let replaysCurrentValue: Bool
    /// The subscriber's value lane (the bridge's subscriber has one), split into its function, called
    /// instead of `receive(_:)`, and its target: held as two optionals rather than one optional struct, which
    /// the per-value path would copy (a retain and a release of the function's context per value).
    private let laneFunction: ((Output, UnsafeRawPointer) -> Void)?
    private let laneTarget: UnsafeRawPointer?

    @usableFromInline
    init(parent: Parent, downstream: consuming Downstream, name: SubjectConduitName, replaysCurrentValue: Bool) {
        self.parent = parent
        let fitsInRoom = InlineValueRoom.fits(Downstream.self)
        if fitsInRoom {
            subscriberBlock = nil
            downstreamStorage = InlineValueRoom.unsetAddress(of: Downstream.self)  // the room's, below
        } else {
            let block = UnsafeMutablePointer<Downstream>.allocate(capacity: 1)
            subscriberBlock = block
            downstreamStorage = block  // initialised below
        }
        if let lane = downstream._valueLane {
            laneFunction = lane.receive
            laneTarget = lane.target
        } else {
            laneFunction = nil
            laneTarget = nil
        }
        self.name = name
        self.replaysCurrentValue = replaysCurrentValue
        super.init()
        lock.initialize()
        assert(lock.isAt(&lockStorage), "SubjectConduit: the inline lock must be the first stored property")
        assert(lock.isRoomAt(&subscriberRoom), "SubjectConduit: the subscriber's room must be the second stored property")
        if fitsInRoom {
            downstreamStorage = lock.room.bindMemory(to: Downstream.self, capacity: 1)
        }
        // Moved in (the parameter is `consuming`): no copy and destroy of the subscriber.
        downstreamStorage.initialize(to: downstream)
        // Created delivering: the subject calls the subscriber's `receive(subscription:)` next, and
        // `subscriptionDelivered()` ends that delivery. Slow: there is no demand yet.
        lock.storeWord(Self.delivering | Self.slow)
    }

    deinit {
        if hasDownstream { downstreamStorage.deinitialize(count: 1) }
        subscriberBlock?.deallocate()
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    override var description: String { name.description }
    override var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        let downstream: Downstream? = isAttached ? downstreamStorage.pointee : nil
        // Combine's `ObservableObjectPublisher` subscription shows only its subscriber.
        if name == .observableObjectPublisher { return Mirror(self, children: ["downstream": downstream as Any]) }
        // Combine lists the subject twice: as the conduit's parent and as its subject.
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any, "demand": demand, "subject": parent as Any])
    }

    // MARK: The atomic word (all called with `lock` held)

    /// Whether values may be delivered without the lock (see the comment on `delivering`/`slow`).
    private var fastPathAllowedLocked: Bool {
        isAttached && !completionAccepted && demand == .unlimited && pending == nil
            && (!replaysCurrentValue || deliveredCurrentValue)
    }

    /// Sets or clears `slow` to match the state, leaving `delivering` as it is (a fast-path delivery may
    /// start or end concurrently, hence the compare-exchange loop).
    private func refreshSlowBitLocked() {
        let wanted = fastPathAllowedLocked ? 0 : Self.slow
        while true {
            let word = lock.word
            if word & Self.slow == wanted { return }
            if lock.exchangeWord(ifEqualTo: word, with: (word & ~Self.slow) | wanted) { return }
        }
    }

    /// Takes the delivery if nobody holds it and returns `true`. Otherwise sets `slow` (so the owner
    /// comes back for the lock when its call returns) and returns `false`; the caller then queues what it
    /// had, under the same lock hold.
    private func claimDeliveryLocked() -> Bool {
        while true {
            let word = lock.word
            if word & Self.delivering != 0 {
                if word & Self.slow != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) { return false }
            } else if lock.exchangeWord(ifEqualTo: word, with: word | Self.delivering) {
                return true
            }
        }
    }

    /// Ends the caller's delivery: `delivering` cleared, `slow` as the state requires. The caller owns
    /// `delivering`, so nobody else changes the word meanwhile (the fast path only starts from 0).
    private func endDeliveryLocked() {
        lock.storeWord(fastPathAllowedLocked ? 0 : Self.slow)
    }

    /// Takes the subscriber out (detaching it). Call with `lock` held, `hasDownstream` true and the
    /// delivery owned by the caller or by nobody.
    private func detachDownstreamLocked() -> Downstream {
        detachLeavingDownstreamLocked()
        return downstreamStorage.move()
    }

    /// Detaches, leaving the subscriber in the storage for the caller to deinitialise (after releasing
    /// `lock`): nothing else touches the storage once `hasDownstream` is false. Same conditions as
    /// `detachDownstreamLocked()`.
    private func detachLeavingDownstreamLocked() {
        isAttached = false
        hasDownstream = false
        pending = nil
        parent = nil
    }

    private func enqueueLocked(_ value: Output) {
        let queue = pending ?? PendingDeliveries()
        queue.values.append(value)
        pending = queue
    }

    // MARK: Subscription and the subject's calls

    override func offer(_ value: Output) {
        if lock.exchangeWord(ifEqualTo: 0, with: Self.delivering) {
            deliver(value)
        } else {
            offerSlow(value)
        }
    }

    /// `offer` when the fast path is closed: limited demand, a delivery in progress, a queue, a
    /// completion or a cancel.
    @inline(never)
    private func offerSlow(_ value: Output) {
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        guard demand > 0 else {
            deliveredCurrentValue = false
            lock.unlock()
            return
        }
        demand -= 1
        deliveredCurrentValue = true
        guard claimDeliveryLocked() else {
            enqueueLocked(value)
            lock.unlock()
            return
        }
        lock.unlock()
        deliver(value)
    }

    override func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        completionAccepted = true
        guard claimDeliveryLocked() else {
            // The thread delivering sends it after whatever is queued. The subject has dropped this
            // conduit from its list: it keeps itself alive for that thread (see `heldForDelivery`).
            let queue = pending ?? PendingDeliveries()
            queue.completion = completion
            pending = queue
            heldForDelivery = self
            lock.unlock()
            return
        }
        let downstream = detachDownstreamLocked()
        endDeliveryLocked()
        lock.unlock()
        downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        self.demand += demand
        if !toldParentOfDemand {
            toldParentOfDemand = true
            // Lock-free for a subject with no upstream subscriptions waiting (one fed by `send`).
            if let parent = unretainedParentLocked, parent._withUnsafeGuaranteedRef({ $0.downstreamDemanded() }) {
                guard askParentsUpstreamRelocking() else { return }
            }
        }
        guard replaysCurrentValue, !deliveredCurrentValue else {
            refreshSlowBitLocked()
            lock.unlock()
            return
        }
        replayCurrentValueLocked()
    }

    /// `parent`, unretained: call with `lock` held, which keeps it (`parent` changes only under `lock`). A
    /// retain and a release fewer than calling it through `parent`.
    @inline(__always)
    private var unretainedParentLocked: Unmanaged<Parent>? {
        guard let parent else { return nil }
        return Unmanaged.passUnretained(parent)
    }

    /// Has the parent ask its waiting upstream subscriptions for values, with `lock` released meanwhile (an
    /// upstream may send at once: what it sends meets the demand just recorded, as in Combine, where the
    /// subject's subscription adds the demand before the subject asks upstream). Called and returns with
    /// `lock` held, unless it returns `false`: cancelled or completed meanwhile, the lock released.
    @inline(never)
    private func askParentsUpstreamRelocking() -> Bool {
        let parent = self.parent
        lock.unlock()
        parent?.askUpstream()
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return false
        }
        return true
    }

    /// `request` in current-value mode before the current value went out: delivers it (or refreshes the
    /// slow bit if the subject has none). Called with `lock` held; releases it. Out of line so that a
    /// pass-through subject's `request` never needs `Optional<Output>` (a metadata look-up per call).
    @inline(never)
    private func replayCurrentValueLocked() {
        guard let current = parent?.currentValueForNewDemand() else {
            refreshSlowBitLocked()
            lock.unlock()
            return
        }
        deliveredCurrentValue = true
        self.demand -= 1
        guard claimDeliveryLocked() else {
            if pending == nil, SubscriptionHandOff.isInProgress(for: self) {
                // As Combine's: the subscriber asked from inside its `receive(subscription:)`, on the thread
                // handing the subscription over, which owns the delivery; nothing is queued before it.
                deliverDuringHandOffLocked(current)
                return
            }
            enqueueLocked(current)
            lock.unlock()
            return
        }
        lock.unlock()
        deliver(current)
    }

    /// Delivers the current value re-entrantly, from inside the subscriber's `receive(subscription:)` (whose
    /// thread owns `delivering` until `subscriptionDelivered()`). Called with `lock` held; releases it.
    private func deliverDuringHandOffLocked(_ current: Output) {
        lock.unlock()
        let additional = callDownstream(with: current)
        lock.lock()
        if additional > 0 { demand += additional }
        refreshSlowBitLocked()
        lock.unlock()
    }

    override func cancel() {
        lock.lock()
        guard isAttached else {
            lock.unlock()
            return
        }
        let parent = self.parent
        // Close the fast path; find out whether a delivery is in progress.
        var word = lock.word
        while !lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) {
            word = lock.word
        }
        if word & Self.delivering != 0 {
            // The delivering thread still calls through the storage: it releases the subscriber when
            // its call returns (`drainAfterDelivery`). The subject drops this conduit from its list
            // below: it keeps itself alive for that thread (see `heldForDelivery`).
            isAttached = false
            pending = nil
            self.parent = nil
            heldForDelivery = self
            lock.unlock()
        } else {
            detachLeavingDownstreamLocked()
            lock.unlock()
            // Released here, outside the lock (its deinit may run arbitrary code), in place.
            downstreamStorage.deinitialize(count: 1)
        }
        parent?.detach(key: listKey)
    }

    /// Call once the subscriber's `receive(subscription:)` returned: delivers what arrived meanwhile.
    override func subscriptionDelivered() {
        if lock.exchangeWord(ifEqualTo: Self.delivering, with: 0) { return }
        // The subject holds this conduit (it is the caller's local): the handed-back self-reference may go here.
        _ = drainAfterDelivery(.none)
    }

    /// Claims the delivery for a subject's sender on the fast path (`SubjectConduitList.claim(sole:)`): one
    /// compare-exchange, from a word of 0 (fast path open, nobody delivering).
    override func claimForSender() -> Bool {
        lock.word == 0 && lock.exchangeWord(ifEqualTo: 0, with: Self.delivering)
    }

    /// Delivers `value` under a claim from `claimForSender`; returns the conduit's self-reference if it
    /// left the subject's list meanwhile, for the sender to release.
    override func deliverClaimed(_ value: Output) -> AnyObject? {
        let additional = callDownstream(with: value)
        if lock.exchangeWord(ifEqualTo: Self.delivering, with: 0) { return nil }
        return drainAfterDelivery(additional)
    }

    // MARK: Delivery (called owning `delivering`, without the lock)

    /// Delivers `value`; if nothing happened meanwhile, ends the delivery with one compare-exchange.
    /// The caller holds a reference to this conduit (a snapshot of the subject's list, or the subscriber
    /// calling `request`), so a handed-back self-reference may be released here. In line: a call frame fewer
    /// per value and subscriber on `offer`'s fast path (S7, R1).
    @inline(__always)
    private func deliver(_ value: Output) {
        let additional = callDownstream(with: value)
        if lock.exchangeWord(ifEqualTo: Self.delivering, with: 0) { return }
        _ = drainAfterDelivery(additional)
    }

    /// Calls the subscriber in place: passing the storage `inout` lets the call borrow it, where
    /// `downstreamStorage.pointee.receive(value)` copies the subscriber (a retain and a release of each
    /// of its references, per value) because nothing tells the compiler the storage stays unchanged.
    @inline(__always)
    private static func call(_ downstream: inout Downstream, with value: Output) -> Subscribers.Demand {
        downstream.receive(value)
    }

    /// Hands `value` to the subscriber: through its value lane if it has one (which adds no demand), else
    /// `receive(_:)` in place. Call only while owning `delivering` (the storage is then initialised, and the
    /// lane's target alive).
    @inline(__always)
    private func callDownstream(with value: Output) -> Subscribers.Demand {
        if laneFunction?(value, laneTarget.unsafelyUnwrapped) != nil { return .none }
        return Self.call(&downstreamStorage.pointee, with: value)
    }

    /// The slow end of a delivery: adds the returned demand, delivers what was queued meanwhile (one at
    /// a time, the lock released around each call), then a queued completion, or releases the subscriber
    /// if a cancel arrived. Out of line so the per-value path never touches `Completion<Failure>?`.
    /// Returns `heldForDelivery`, taken, for the caller to release (see there).
    @inline(never)
    private func drainAfterDelivery(_ firstAdditional: Subscribers.Demand) -> AnyObject? {
        var additional = firstAdditional
        lock.lock()
        while true {
            if additional > 0 { demand += additional }
            guard isAttached else {
                let held = heldForDelivery.take()
                releaseCancelledDownstreamLocked()
                return held
            }
            guard let queue = pending else { break }
            if queue.hasValues {
                let value = queue.popValue()
                lock.unlock()
                additional = callDownstream(with: value)
                lock.lock()
                continue
            }
            if let completion = queue.completion {
                let downstream = detachDownstreamLocked()
                let held = heldForDelivery.take()
                endDeliveryLocked()
                lock.unlock()
                downstream.receive(completion: completion)
                return held
            }
            pending = nil
            break
        }
        let held = heldForDelivery.take()
        endDeliveryLocked()
        lock.unlock()
        return held
    }

    /// A cancel arrived during the delivery that just ended: releases the subscriber it left in the
    /// storage (outside the lock) and ends the delivery. Called with `lock` held; releases it.
    private func releaseCancelledDownstreamLocked() {
        guard hasDownstream else {
            endDeliveryLocked()
            lock.unlock()
            return
        }
        hasDownstream = false
        let downstream = downstreamStorage.move()
        endDeliveryLocked()
        lock.unlock()
        withExtendedLifetime(downstream) {}
    }
}
