import ReactiveBridgePrimitives

/// The observer list and delivery engine shared by RxKit's subjects.
///
/// Guarantees:
/// - No lock is held while an observer runs.
/// - Events sent from several threads are delivered one at a time: a thread that finds a delivery in
///   progress on another thread queues its message and returns; the delivering thread drains the queue.
/// - A re-entrant send from inside an observer (same thread) is delivered nested, at once, as RxSwift does.
/// - Each message carries the observer list as it was when the message was sent, so an observer
///   subscribed later never receives an earlier event twice (once replayed, once broadcast).
///
/// The subject owns its own state but guards it with `lock`, calling `dispatchLocked` with the lock held;
/// `dispatchLocked` releases it.
///
/// Performance: subjects' `on(_:)` runs as unspecialised generic code in client modules, where touching a
/// type that depends on `Element` (an `[Entry]`, an `Event<Element>?`, an enum or tuple carrying an event)
/// costs a runtime metadata look-up — a hash-table probe of several hundred instructions — per event.
/// So the observer list is an `[AnyObject]` of `Entry` objects, the per-event path (`broadcastLocked`)
/// builds no `Message` unless it must queue, and "is anything queued" is a plain counter.
///
/// Not `final`: a share's connection (`ShareConnection`) is a hub itself rather than an object holding one,
/// which saves an allocation and a `SubjectHub<Element>` metadata look-up per connection (R12). Every
/// member is `final` except `remove(key:)`, which the connection overrides (the last subscriber out
/// disconnects it). `@usableFromInline` (as is `SubjectHubBase`) because the connection is: the Driver and
/// Signal operators make connections in the caller's specialised code (`ShareWhileConnected.makeConnection`).
@usableFromInline
class SubjectHub<Element>: SubjectHubBase, @unchecked Sendable {
    // The delivery state word and its bits: see `SubjectHubBase`.
    private final let resourceTracking = ResourceTracking()
    /// One observer (see `SubjectEntry`). Every element of `entries` and `list` is one.
    typealias Entry = SubjectEntry

    enum Message {
        case broadcast(Event<Element>, [AnyObject])
        case replay([Event<Element>], Entry)
        /// The latest element (`latest`), read when the message is delivered, to an entry that subscribed
        /// while another thread was delivering (a share's connection: see `replayLatestLocked`).
        case replayLatest(Entry)
    }

    // Guarded by `lock`, which is what excludes conflicting accesses; the dynamic exclusivity checks
    // (a runtime call per access) are switched off on the per-event state.
    /// The mutex guarding this hub: its own (a subject's hub, `LockingObserverNode`: no `Lock` object of
    /// its own), or its share's (a share's connection keeps more state under it; the share, which the
    /// connection holds, keeps that `Lock` alive). Set once, in `init`.
    @exclusivity(unchecked) private(set) final var lock: MutexReference
    /// Whether a sender may begin a delivery without `lock` (`beginWithoutLock`): a share's connection,
    /// whose per-element path then takes no lock at all. Subjects send under their lock.
    private final let sendsWithoutLock: Bool
    /// The observer, while there is exactly one: most subjects and every share connection in a chain have
    /// one, and keeping it here rather than in `list` saves an array buffer per subscription (R2, R12).
    @exclusivity(unchecked) private final var sole: Entry?
    /// The observer, while there is exactly one and it is an RxKit node with both lanes that subscribed with
    /// nobody delivering (`addSoleNodeLocked`: another share's connection, or a publish subject's first
    /// observer, `addKeyedLocked`): kept as itself and its key, with no `Entry` — in a Driver chain every
    /// share but the last has one such observer (R12: an allocation per level fewer; R2 one per build). At most
    /// one of `sole`, `soleNode` and `list` holds observers. Slow paths that need an `Entry` for it make one
    /// (`entries`); it never waits for a replay (an entry that may is made while a delivery is in progress,
    /// and such an observer goes to `sole`), so nothing depends on that entry's identity.
    @exclusivity(unchecked) private final var soleNode: ObserverNode?
    @exclusivity(unchecked) private final var soleNodeKey: UInt64 = 0
    /// The observers (`Entry` objects), while there are two or more; empty otherwise.
    @exclusivity(unchecked) private final var list: [AnyObject] = []
    @exclusivity(unchecked) private final var nextKey: UInt64 = 0
    /// Messages waiting for the delivering thread, created on first use: a `[Message]` stored property
    /// would cost a `Message` metadata look-up in every hub's `init` (one per subscription to a share).
    @exclusivity(unchecked) private final var pending: PendingMessages?
    /// The number of messages in `pending`, kept here so the per-event path never touches it.
    @exclusivity(unchecked) private final var queuedCount = 0
    /// Entries removed during a delivery, released when it ends (see `attentionBit`).
    @exclusivity(unchecked) private final var retired: [AnyObject] = []

    // The delivery state: owned by the delivering thread (the owner in the state word), or, while nobody
    // delivers, by the holder of `lock` (see `claimLocked`). A sender reads it after becoming the owner,
    // without the lock; a lock holder that finds another thread delivering leaves it alone and sets
    // `attentionBit`, and the owner brings it up to date (`reconcileLocked`) before its delivery ends.

    /// The element lane of the only observer, when there is exactly one and it has a lane; otherwise
    /// none. A delivery sends through it without copying the snapshot array or the element, and without
    /// retaining anything (see `retired` for what keeps the observer alive).
    @exclusivity(unchecked) private(set) final var soleLane = LaneHandle()
    /// `!soleLane.isEmpty`, kept beside it: `LaneHandle.isEmpty` reads its `unowned(unsafe)` existential,
    /// which compiled to a retain/release pair on the per-event path (S1, R1).
    @exclusivity(unchecked) private(set) final var hasSoleLane = false

    /// Sets `soleLane` (and `hasSoleLane`). Call as the owner of the delivery state.
    @inline(__always)
    private final func setSoleLane(_ lane: LaneHandle) {
        soleLane = lane
        hasSoleLane = !lane.isEmpty
    }
    /// With replay (a share's connection): the latest element, while `hasLatest` (a pointer, not an
    /// `Element?`, so the per-element path needs no metadata look-up); `nil` for subjects. It points into
    /// the object — the spare storage of the inline mutex a hub guarded by a shared lock does not use —
    /// when the element fits there (`latestIsInline`), otherwise to memory of its own. Set in `init` only.
    @exclusivity(unchecked) private final var latest: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) private final var latestIsInline = false
    @exclusivity(unchecked) private final var hasLatest = false
    /// Guarded by `lock`: cleared when a share's connection stops, so the owner of a delivery in progress
    /// drops the latest element when it ends (`reconcileLocked`).
    @exclusivity(unchecked) private final var keepsLatest: Bool

    /// A FIFO of messages (see `pending`).
    private final class PendingMessages {
        var messages: [Message] = []
        var head = 0
    }

    /// A hub guarded by its own mutex, or by `sharedLock` when its owner keeps more state under the same
    /// lock (`share`'s connection). `sendsWithoutLock`: see the property; `keepsLatest`: whether it keeps
    /// the latest element (`storeLatest`, `replayLatestLocked`).
    init(sharedLock: MutexReference? = nil, sendsWithoutLock: Bool = false, keepsLatest: Bool = false) {
        // Its own mutex's address is known once the node is initialised: until then, a stand-in.
        lock = sharedLock ?? MutexReference.unset
        self.sendsWithoutLock = sendsWithoutLock
        self.keepsLatest = keepsLatest
        latest = nil
        super.init(initializingMutex: sharedLock == nil)
        if sharedLock == nil {
            lock = nodeLock
        }
        if keepsLatest {
            if sharedLock != nil && Self.spareMutexStorageFits(Element.self) {
                latest = spareMutexStorage.bindMemory(to: Element.self, capacity: 1)
                latestIsInline = true
            } else {
                latest = .allocate(capacity: 1)
            }
        }
    }

    /// A subject's hub, guarded by its own mutex (`PublishSubject`'s inlinable `init` makes one).
    @usableFromInline
    convenience init(guardedByOwnMutex: ()) {
        self.init()
    }

    deinit {
        guard let latest else { return }
        if hasLatest { latest.deinitialize(count: 1) }
        if !latestIsInline { latest.deallocate() }
    }

    typealias StateAccess = HubStateAccess

    /// Claims the delivery state for a holder of `lock` that changes the observers or reads the latest
    /// element. Both sides use read-modify-writes on the state word, so a sender beginning a delivery
    /// without the lock (compare-exchange 0 → owner) and a lock holder claiming it (compare-exchange
    /// 0 → `heldBit`, or fetch-or `attentionBit` on a delivery in progress) never both believe the
    /// state is theirs. Pair with `releaseLocked`.
    final func claimLocked() -> StateAccess {
        if sendsWithoutLock {
            if InlineWord.compareExchange(self, expected: 0, desired: SubjectHubBase.heldBit) { return .held }
        } else if InlineWord.load(self) == 0 {
            // Senders take the lock too: nobody can begin a delivery before it is released.
            return .free
        }
        let me = DeliveryOwner.current
        // Only the calling thread could end its own delivery, so this comparison is stable.
        if InlineWord.load(self) & SubjectHubBase.ownerMask == me { return .owned }
        let previous = InlineWord.fetchOr(self, SubjectHubBase.attentionBit)
        if previous & SubjectHubBase.ownerMask != 0 { return .deferred }
        // The delivery ended between the reads: the word is `attentionBit` with no owner, so a sender's
        // compare-exchange fails and it waits for the lock, as with `heldBit`; `releaseLocked` clears it.
        return .held
    }

    /// Ends a `claimLocked`. Call with `lock` held.
    @inline(__always)
    final func releaseLocked(_ access: StateAccess) {
        // With the lock held and no owner, nobody else changes the word: a plain store.
        if access == .held { InlineWord.store(self, 0) }
    }

    /// Makes the calling thread (`me`) the delivering one, with `lock` held and the word read as 0 under
    /// it. Fails only on a hub whose senders begin without the lock, if one just did.
    @inline(__always)
    private final func beginLocked(_ me: Int) -> Bool {
        if sendsWithoutLock { return InlineWord.compareExchange(self, expected: 0, desired: me) }
        InlineWord.store(self, me)
        return true
    }

    /// A share connection's per-element path: makes the calling thread (`me`, `DeliveryOwner.current`)
    /// the delivering one without taking `lock`, if nobody delivers and no lock holder has the delivery
    /// state. One compare-exchange; the delivery ends with `endDelivery(me)`, another.
    @inline(__always)
    final func beginWithoutLock(_ me: Int) -> Bool {
        InlineWord.compareExchange(self, expected: 0, desired: me)
    }

    /// The current observers, as a snapshot a message can carry (slow paths: with one observer it builds
    /// an array). Call with `lock` held.
    final var entries: [AnyObject] {
        if let sole { return [sole] }
        if let soleNode { return [Entry(key: soleNodeKey, node: soleNode)] }
        return list
    }

    /// Whether nobody is subscribed. Call with `lock` held.
    @inline(__always)
    final var isEmptyLocked: Bool { sole == nil && soleNode == nil && list.isEmpty }

    /// Adds an observer. Call with `lock` held.
    final func addLocked<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        let access = claimLocked()
        defer { releaseLocked(access) }
        return addLocked(observer, access)
    }

    /// Adds an observer and returns its key for `remove(key:)`. The first observer, when it is an RxKit node
    /// with both lanes (every RxKit sink, `subscribe(onNext:…)`'s observer, the bridge's subscription) and
    /// nobody is delivering, is kept without an `Entry` (`addSoleNodeLocked`): an allocation fewer per
    /// subscription to a subject with one observer (R2). Call with `lock` held.
    final func addKeyedLocked<Observer: ObserverType>(_ observer: Observer) -> UInt64 where Observer.Element == Element {
        let access = claimLocked()
        defer { releaseLocked(access) }
        // A metatype check first: `observer as? ObserverNode` is a full dynamic cast in unspecialised code.
        if access != .deferred, isEmptyLocked, Observer.self is ObserverNode.Type {
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self).takeUnretainedValue()
            if node.hasElementLane && node.hasTerminalLane { return addSoleNodeLocked(node, access) }
        }
        return addLocked(observer, access).key
    }

    /// `addKeyedLocked(_:)` for `node`, an RxKit node observer of `Element` with both lanes. Call with
    /// `lock` held.
    final func addKeyedLocked(node: ObserverNode) -> UInt64 {
        let access = claimLocked()
        defer { releaseLocked(access) }
        if access != .deferred, isEmptyLocked { return addSoleNodeLocked(node, access) }
        return addLocked(node: node, access).key
    }

    /// Adds an observer, the delivery state claimed as `access`. Call with `lock` held.
    final func addLocked<Observer: ObserverType>(_ observer: Observer, _ access: StateAccess) -> Entry where Observer.Element == Element {
        nextKey += 1
        let entry = Entry(key: nextKey, observer: observer)
        addLocked(entry, access)
        return entry
    }

    /// Adds `node`, an RxKit node observer of `Element` with both lanes (see `SubjectEntry.init(key:node:)`),
    /// the delivery state claimed as `access`. Call with `lock` held.
    final func addLocked(node: ObserverNode, _ access: StateAccess) -> Entry {
        nextKey += 1
        let entry = Entry(key: nextKey, node: node)
        addLocked(entry, access)
        return entry
    }

    /// Adds `node`, an RxKit node observer of `Element` with both lanes, as the sole observer kept without
    /// an `Entry` (see `soleNode`); returns its key. Call with `lock` held, nobody subscribed and the
    /// delivery state claimed as `access`, which must not be `.deferred`.
    final func addSoleNodeLocked(_ node: ObserverNode, _ access: StateAccess) -> UInt64 {
        precondition(isEmptyLocked && access != .deferred && node.hasElementLane && node.hasTerminalLane,
                     "SubjectHub.addSoleNodeLocked: only for a first observer, a node with both lanes, added with nobody else delivering")
        nextKey += 1
        soleNode = node
        soleNodeKey = nextKey
        setSoleLane(LaneHandle(node: node))
        return nextKey
    }

    @inline(__always)
    private final func addLocked(_ entry: Entry, _ access: StateAccess) {
        if let first = sole {
            list = [first, entry]
            sole = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
        } else if let node = soleNode {
            list = [Entry(key: soleNodeKey, node: node), entry]
            soleNode = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
        } else if list.isEmpty {
            sole = entry
            if access != .deferred { setSoleLane(entry.lane) }
        } else {
            list.append(entry)
        }
    }

    /// An entry that is not in the list (for replaying a terminated subject to a late subscriber).
    final func detachedEntry<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        Entry(key: 0, observer: observer)
    }

    /// Removes every observer, taking the lock: for a subject's `deinit` when a subscription still shares
    /// this hub (`SubjectHubBase.subjectDidEnd(hub:)`), so that subscriptions kept after the subject is gone
    /// (they hold this hub, see `SubjectSubscription`) keep no observer alive.
    override final func removeAllObservers() {
        lock.lock()
        removeAllLocked()
        lock.unlock()
    }

    /// Removes every observer. Call with `lock` held.
    final func removeAllLocked() {
        let access = claimLocked()
        removeAllLocked(access)
        releaseLocked(access)
    }

    /// Removes every observer, the delivery state claimed as `access`. Call with `lock` held.
    final func removeAllLocked(_ access: StateAccess) {
        if sole != nil {
            retireLocked(CollectionOfOne(sole.unsafelyUnwrapped as AnyObject), access)
            sole = nil
        } else if soleNode != nil {
            retireLocked(CollectionOfOne(soleNode.unsafelyUnwrapped as AnyObject), access)
            soleNode = nil
        } else if !list.isEmpty {
            retireLocked(list, access)
            list = []
        }
        if access != .deferred { setSoleLane(LaneHandle()) }
    }

    /// Removes the observer with `key`.
    override func remove(key: UInt64) {
        lock.lock()
        let access = claimLocked()
        removeLocked(key: key, access)
        releaseLocked(access)
        lock.unlock()
    }

    /// Removes the observer with `key`, the delivery state claimed as `access`. Call with `lock` held.
    final func removeLocked(key: UInt64, _ access: StateAccess) {
        // `sole` and `soleNode` are not bound to locals first: that was a retain and a release per removal.
        if sole != nil {
            guard sole.unsafelyUnwrapped.key == key else { return }
            retireLocked(CollectionOfOne(sole.unsafelyUnwrapped as AnyObject), access)
            sole = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
            return
        }
        if soleNode != nil {
            guard soleNodeKey == key else { return }
            retireLocked(CollectionOfOne(soleNode.unsafelyUnwrapped as AnyObject), access)
            soleNode = nil
            if access != .deferred { setSoleLane(LaneHandle()) }
            return
        }
        guard let index = list.firstIndex(where: { unsafeDowncast($0, to: Entry.self).key == key }) else { return }
        retireLocked(CollectionOfOne(list[index]), access)
        list.remove(at: index)
        if list.count == 1 {
            let remaining = unsafeDowncast(list[0], to: Entry.self)
            list = []
            sole = remaining
            if access != .deferred { setSoleLane(remaining.lane) }
        }
    }

    /// Keeps `removed` alive until the delivery in progress (if any) ends: the delivering thread may be
    /// inside one of them through `soleLane`, which holds no reference. Call with `lock` held.
    @inline(__always)
    private final func retireLocked<Removed: Collection>(_ removed: Removed, _ access: StateAccess) where Removed.Element == AnyObject {
        // Nobody delivers: nothing to keep (inline, so the usual case builds no collection and makes no call).
        if access == .free || access == .held { return }
        retireDuringDeliveryLocked(removed, access)
    }

    /// `retireLocked` while a delivery is in progress (`access` is `.owned` or `.deferred`).
    @inline(never)
    private final func retireDuringDeliveryLocked<Removed: Collection>(_ removed: Removed, _ access: StateAccess) where Removed.Element == AnyObject {
        switch access {
        case .free, .held:
            return
        case .owned:
            // The delivery ends with a compare-exchange, which the bit makes fail: the end then releases
            // them (a read-modify-write: other threads may be setting the bit too).
            _ = InlineWord.fetchOr(self, SubjectHubBase.attentionBit)
        case .deferred:
            break  // `claimLocked` set the bit
        }
        retired.append(contentsOf: removed)
    }

    final var hasObservers: Bool { lock.withLock { !isEmptyLocked } }

    /// Whether there is a latest element. Read as the delivering thread, or with `lock` held and the
    /// delivery state claimed (not `.deferred`).
    final var hasLatestElement: Bool { hasLatest }

    /// Records `element` as the latest (hubs that keep it). Call as the delivering thread.
    @inline(__always)
    final func storeLatest(_ element: UnsafePointer<Element>) {
        guard let latest else { return }
        // `pointee` assignments: one value-witness call each (`update(from:count:)` is an out-of-line
        // array routine).
        if hasLatest {
            latest.pointee = element.pointee
        } else {
            latest.initialize(to: element.pointee)
            hasLatest = true
        }
    }

    /// Forgets the latest element (a share's connection stopped), now if `access` allows it, otherwise
    /// when the delivery in progress ends. Call with `lock` held.
    final func dropLatestLocked(_ access: StateAccess) {
        keepsLatest = false
        if access != .deferred { dropLatestIfStopped() }
    }

    private final func dropLatestIfStopped() {
        guard !keepsLatest, hasLatest, let latest else { return }
        latest.deinitialize(count: 1)
        hasLatest = false
    }

    /// Replays the latest element (if any) to `entry`, which was just added with the delivery state
    /// claimed as `access`: at once if nobody delivers, nested if the calling thread is delivering,
    /// otherwise queued for the delivering thread, which reads the latest element when it gets there
    /// (it alone may read it meanwhile). Until then deliveries nested in the one in progress skip the
    /// entry, so it never gets an element twice. Must be called with `lock` held; returns with it released.
    @inline(never)
    final func replayLatestLocked(to entry: Entry, _ access: StateAccess) {
        if access == .deferred {
            queueReplayLatestLocked(to: entry)
            return
        }
        replayLatestNowLocked(access) { entry.sendNext($0) }
    }

    /// `replayLatestLocked(to:_:)` for the observer `addSoleNodeLocked` just added (`access` is not
    /// `.deferred`).
    @inline(never)
    final func replayLatestLocked(toNode node: ObserverNode, _ access: StateAccess) {
        let lane = LaneHandle(node: node)
        replayLatestNowLocked(access) { _ = lane.send(typed: $0) }
    }

    /// The cases of `replayLatestLocked` where the calling thread may deliver now (`access` is not
    /// `.deferred`): `send` gets a copy of the latest element, if there is one. Call with `lock` held;
    /// returns with it released.
    @inline(__always)
    private final func replayLatestNowLocked(_ access: StateAccess, _ send: (UnsafeMutablePointer<Element>) -> Void) {
        switch access {
        case .deferred:
            preconditionFailure("SubjectHub.replayLatestNowLocked: another thread is delivering; queue the replay")
        case .owned:
            guard hasLatest, let latest else {
                lock.unlock()
                return
            }
            // A copy: a nested send could overwrite the slot while the observer reads it.
            var value = latest.pointee
            lock.unlock()
            send(&value)
        case .free, .held:
            guard hasLatest, let latest else {
                releaseLocked(access)
                lock.unlock()
                return
            }
            let me = DeliveryOwner.current
            // With the lock held and no owner, nobody else changes the word: a plain store.
            InlineWord.store(self, me)
            var value = latest.pointee
            lock.unlock()
            send(&value)
            endDelivery(me)
        }
    }

    /// The deferred case of `replayLatestLocked`, out of line so the others never touch a `Message`.
    @inline(never)
    private final func queueReplayLatestLocked(to entry: Entry) {
        entry.awaitingReplay = true
        enqueueLocked(.replayLatest(entry))
        lock.unlock()
    }

    /// Sends `event` to `observers` (a snapshot of `entries`): at once if no delivery is in progress
    /// (the per-event path: no `Message` is built), otherwise as `dispatchLocked` does. Must be called
    /// with `lock` held; returns with it released.
    final func broadcastLocked(_ event: Event<Element>, _ observers: [AnyObject]) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !beginLocked(me) {
            dispatchBroadcastLocked(event, observers)
            return
        }
        lock.unlock()
        for entry in observers { unsafeDowncast(entry, to: Entry.self).deliver(event) }
        endDelivery(me)
    }

    /// Sends `.next(element)` to `observers` (a snapshot of `entries`), through each observer's element
    /// lane when it has one; an `Event` is built only for observers without one, or if the element must
    /// be queued. Must be called with `lock` held; returns with it released.
    final func broadcastNextLocked(_ element: Element, _ observers: [AnyObject]) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !beginLocked(me) {
            dispatchNextLocked(element, observers)
            return
        }
        lock.unlock()
        // `&value` rather than `withUnsafePointer(to:)`: see `ElementLane.send`.
        var value = element
        storeLatest(&value)
        deliverNextToAll(&value, observers)
        endDelivery(me)
    }

    /// Sends the element at `element` to every entry of `observers` (a snapshot, which keeps them alive),
    /// as the delivering thread of a delivery that began with nobody delivering: no entry waits for a
    /// replay (see `deliverNext`), since replays wait only for a delivery in progress. The entries are
    /// read as `Unmanaged`: iterating the array of references would retain and release each entry around
    /// its delivery (two atomic operations per observer per element, S7).
    @inline(__always)
    private final func deliverNextToAll(_ element: UnsafePointer<Element>, _ observers: [AnyObject]) {
        observers.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Entry>.self) { entries in
                for entry in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        if !entry.lane.send(typed: element) {
                            entry.deliverNext(element.pointee)
                        }
                    }
                }
            }
        }
    }

    /// Sends the element at `element` to `observers`, as the delivering thread. An observer that joined
    /// while this thread was delivering (its snapshot taken after that) is skipped if its replay is still
    /// queued: the replay gives it the latest element.
    @inline(__always)
    final func deliverNext(_ element: UnsafeMutablePointer<Element>, to observers: [AnyObject]) {
        for object in observers {
            let entry = unsafeDowncast(object, to: Entry.self)
            if entry.awaitingReplay { continue }
            if !entry.lane.send(typed: element) {
                entry.deliverNext(element.pointee)
            }
        }
    }

    /// Sends `.next(element)` to the current observers, reading the element in place. With one observer
    /// that has an element lane and no delivery in progress (a subject with one subscriber) it retains
    /// nothing and copies nothing; otherwise it is `broadcastNextLocked(_:_:)`. Must be called with
    /// `lock` held; returns with it released.
    @inline(__always)
    final func broadcastNextLocked(at element: UnsafePointer<Element>) {
        let me = DeliveryOwner.current
        if InlineWord.load(self) != 0 || !hasSoleLane || !beginLocked(me) {
            broadcastNextToEntriesLocked(at: element)
            return
        }
        let lane = soleLane
        lock.unlock()
        storeLatest(element)
        _ = lane.send(typed: element)
        endDelivery(me)
    }

    /// The general case of `broadcastNextLocked(at:)`, out of line.
    @inline(never)
    private final func broadcastNextToEntriesLocked(at element: UnsafePointer<Element>) {
        let me = DeliveryOwner.current
        guard InlineWord.load(self) == 0, beginLocked(me) else {
            dispatchNextLocked(element.pointee, entries)
            return
        }
        if let first = sole {
            // One observer, and either it has no lane or a delivery ended just now (the word was read
            // non-zero, then the delivering thread's compare-exchange cleared it): no snapshot array.
            lock.unlock()
            storeLatest(element)
            if !first.lane.send(typed: element) {
                first.deliverNext(element.pointee)
            }
            endDelivery(me)
            return
        }
        if let node = soleNode {
            // As above; the local reference keeps the node alive after the lock is released.
            lock.unlock()
            storeLatest(element)
            _ = LaneHandle(node: node).send(typed: element)
            endDelivery(me)
            return
        }
        // Two or more: the element is read in place by each (no copy of it, R1).
        let observers = list
        lock.unlock()
        storeLatest(element)
        deliverNextToAll(element, observers)
        endDelivery(me)
    }

    /// The slow path of `broadcastNextLocked`, out of line so the per-event path never builds a `Message`.
    @inline(never)
    private final func dispatchNextLocked(_ element: Element, _ observers: [AnyObject]) {
        dispatchLocked(.broadcast(.next(element), observers))
    }

    /// The slow path of `broadcastLocked`, out of line so the per-event path never builds a `Message`.
    @inline(never)
    private final func dispatchBroadcastLocked(_ event: Event<Element>, _ observers: [AnyObject]) {
        dispatchLocked(.broadcast(event, observers))
    }

    /// Delivers `message` (now, nested, or via the delivering thread). Must be called with `lock`
    /// held; returns with it released.
    final func dispatchLocked(_ message: Message) {
        let me = DeliveryOwner.current
        while true {
            let word = InlineWord.load(self)
            if word & SubjectHubBase.ownerMask == me {
                // A re-entrant send from an observer: delivered nested, at once.
                lock.unlock()
                deliver(message)
                return
            }
            if word == 0 {
                if beginLocked(me) { break }
                continue  // a sender began without the lock: queue for it
            }
            // Another thread delivers. Set `attentionBit` before deciding: it may be ending its delivery
            // with a compare-exchange right now, which then either fails (and it drains the queue) or
            // has already succeeded (and this thread delivers).
            let previous = InlineWord.fetchOr(self, SubjectHubBase.attentionBit)
            if previous & SubjectHubBase.ownerMask != 0 {
                enqueueLocked(message)
                lock.unlock()
                return
            }
            // The word is `attentionBit` with no owner: senders wait for the lock, so a plain store.
            InlineWord.store(self, me)
            break
        }
        lock.unlock()
        deliver(message)
        endDelivery(me)
    }

    /// Queues `message` for the delivering thread. Call with `lock` held and `attentionBit` set.
    @inline(never)
    private final func enqueueLocked(_ message: Message) {
        let pending = self.pending ?? PendingMessages()
        self.pending = pending
        pending.messages.append(message)
        queuedCount += 1
    }

    /// The oldest pending message. Call with `lock` held and `queuedCount > 0`.
    private final func dequeueLocked() -> Message {
        let pending = self.pending!
        let next = pending.messages[pending.head]
        pending.head += 1
        queuedCount -= 1
        if queuedCount == 0 {
            pending.messages.removeAll(keepingCapacity: true)
            pending.head = 0
        }
        return next
    }

    /// Run by the delivering thread (`me`) after its own message: ends the delivery with one
    /// compare-exchange, or, if other threads queued messages or changed the observers meanwhile
    /// (`attentionBit`), delivers the messages and brings the delivery state up to date first.
    @inline(__always)
    final func endDelivery(_ me: Int) {
        if InlineWord.compareExchange(self, expected: me, desired: 0) { return }
        drainQueuedMessages()
    }

    /// The slow path of `endDelivery`, out of line so the per-event path never touches a `Message`.
    @inline(never)
    private final func drainQueuedMessages() {
        while true {
            lock.lock()
            if queuedCount == 0 {
                reconcileLocked()
                let released = retired
                retired = []
                InlineWord.store(self, 0)
                lock.unlock()
                withExtendedLifetime(released) {}  // the retired entries go here, with no lock held
                return
            }
            let next = dequeueLocked()
            lock.unlock()
            deliver(next)
        }
    }

    /// Brings the delivery state up to date with what lock holders changed during the delivery (see
    /// `StateAccess.deferred`). Call as the delivering thread, with `lock` held.
    private final func reconcileLocked() {
        if let sole {
            setSoleLane(sole.lane)
        } else if let soleNode {
            setSoleLane(LaneHandle(node: soleNode))
        } else {
            setSoleLane(LaneHandle())
        }
        dropLatestIfStopped()
    }

    /// Delivers `message` as the delivering thread.
    private final func deliver(_ message: Message) {
        switch message {
        case .broadcast(let event, let observers):
            if case .next(var element) = event {
                storeLatest(&element)
                deliverNext(&element, to: observers)
            } else {
                for object in observers {
                    let entry = unsafeDowncast(object, to: Entry.self)
                    // The queued replay is dropped: nothing may follow a terminal event.
                    if entry.awaitingReplay { entry.awaitingReplay = false }
                    entry.deliver(event)
                }
            }
        case .replay(let events, let entry):
            for event in events { entry.deliver(event) }
        case .replayLatest(let entry):
            guard entry.awaitingReplay else { return }
            entry.awaitingReplay = false
            guard hasLatest, let latest else { return }
            var value = latest.pointee
            entry.sendNext(&value)
        }
    }
}

/// How a holder of a `SubjectHub`'s lock may touch its delivery state (see `SubjectHub.claimLocked`).
/// Not nested in the generic hub: a nested type is generic too, and comparing its values compiled to an
/// out-of-line `==` call.
enum HubStateAccess {
    /// Nobody delivers (a subject's hub, whose senders take the lock): touch it freely.
    case free
    /// Nobody delivers and the word holds `heldBit`: touch it freely; `releaseLocked` clears the bit.
    case held
    /// The calling thread is delivering (a re-entrant call from an observer): touch it freely (the
    /// delivery in progress works on copies), but an entry it removes may be the one being called.
    case owned
    /// Another thread is delivering and `attentionBit` is set: leave the delivery state alone; the
    /// owner brings it up to date before its delivery ends.
    case deferred
}

/// The identity of a delivering thread in a hub's state word: the thread's `pthread_t`, which is the
/// address of its thread control block, so its low bits are free for the word's flags.
enum DeliveryOwner {
    @inline(__always)
    static var current: Int {
        let id = Int(bitPattern: currentThreadID())
        precondition(
            id & ~SubjectHubBase.ownerMask == 0 && id != 0,
            "DeliveryOwner: pthread_self() returned \(id), which is zero or has one of its low flag bits set; a subject hub stores the delivering thread's id beside two flag bits in one word, so this platform's pthread_t cannot be used as that id"
        )
        return id
    }
}

/// One observer of a `SubjectHub`, stored in its `entries` as `AnyObject`. Not generic: a generic class's
/// metadata is looked up at run time on every subscription in unspecialised code (R2: 7,350 → 6,993 per
/// build). An RxKit node that takes elements and terminal events through its lanes (every RxKit sink and
/// `subscribe(onNext:…)`'s observer) is kept as itself; any other observer's `on(_:)` is kept as a closure
/// taking the event by address (one more allocation). The typed side is `deliver(_:)`, which only the hub
/// of the observer's own element type calls.
final class SubjectEntry {
    let key: UInt64
    /// The observer, when it is an RxKit node with both lanes; otherwise `nil` and `deliverEvent` is set.
    private let node: ObserverNode?
    /// `observer.on(event)` for an `Event<Observer.Element>` at the given address (observers that are not
    /// such a node).
    private let deliverEvent: ((UnsafeRawPointer) -> Void)?
    /// The observer's element lane, if it has one: `.next` elements go there without an `Event`.
    /// Not retained: it is the observer object, which `node` or `deliverEvent` keeps alive.
    let lane: LaneHandle
    /// Set while a replay of a share's latest element to this entry waits for the delivering thread
    /// (`SubjectHub.replayLatestLocked`); deliveries nested in the one in progress skip it meanwhile.
    /// Written under the hub's lock before the entry is listed, then only by delivering threads.
    var awaitingReplay = false

    init<Observer: ObserverType>(key: UInt64, observer: Observer) {
        self.key = key
        lane = LaneHandle(of: observer)
        if let node = lane.nodeWithTerminalLane {
            self.node = node
            deliverEvent = nil
        } else {
            node = nil
            deliverEvent = { event in observer.on(event.assumingMemoryBound(to: Event<Observer.Element>.self).pointee) }
        }
    }

    /// An entry for `node`, an RxKit node observer of the hub's element type that takes elements and
    /// terminal events through its lanes (a share's connection observing another share): no generic
    /// observer to inspect.
    init(key: UInt64, node: ObserverNode) {
        precondition(node.hasElementLane && node.hasTerminalLane,
                     "SubjectEntry(node:) takes a node with both lanes; subscribe other observers through init(key:observer:)")
        self.key = key
        lane = LaneHandle(node: node)
        self.node = node
        deliverEvent = nil
    }

    /// Delivers `event`, which must be of the observer's element type (the hub that made this entry
    /// guarantees it). Slow paths only: switching on or copying the event looks up `Event` metadata.
    func deliver<Element>(_ event: Event<Element>) {
        if let node {
            switch event {
            case .next(let element):
                _ = lane.send(element)
            case .error(let error):
                node.onTerminal(error)
            case .completed:
                node.onTerminal(nil)
            }
            return
        }
        var copy = event
        deliver(typed: &copy)
    }

    /// `deliver(.next(element))`, through the lane when the observer has one.
    @inline(__always)
    func sendNext<Element>(_ element: UnsafeMutablePointer<Element>) {
        if !lane.send(typed: element) {
            deliverNext(element.pointee)
        }
    }

    /// `deliver(.next(element))` for an observer without an element lane, out of line so the lane path
    /// needs no `Event` metadata.
    @inline(never)
    func deliverNext<Element>(_ element: Element) {
        if node != nil {
            _ = lane.send(element)
            return
        }
        var event = Event.next(element)
        deliver(typed: &event)
    }

    @inline(__always)
    private func deliver<Element>(typed event: UnsafePointer<Event<Element>>) {
        deliverEvent?(UnsafeRawPointer(event))
    }
}

/// The non-generic base of `SubjectHub`: it lets a subscription leave the hub without knowing its element
/// type. The hub's state word is `ObserverNode`'s (see `InlineWord`: the first stored property of the root
/// class): a hub is an `ObserverNode` so that a share's connection, which observes its source, can be its
/// own hub (see `SubjectHub`). A hub that is not a `Sink` never has that word read as a disposed flag.
@usableFromInline
class SubjectHubBase: LockingObserverNode, @unchecked Sendable {
    // The hub's delivery state word is `ObserverNode.stateWord`, read and written atomically through
    // `InlineWord`: the delivering thread's identity (`DeliveryOwner.current`, 0 while nobody delivers)
    // or'ed with two flags.
    // - A delivery begins with compare-exchange 0 → owner (a share's connection does it without the
    //   lock; subjects, under it, with a plain store, since nobody else begins one without the lock) and
    //   ends with compare-exchange owner → 0: two read-modify-writes per delivery, no lock for a share.
    // - `attentionBit`: set (fetch-or, under the lock) by another thread that queued a message, or
    //   changed the observers or the latest element while a delivery was in progress. It makes the ending
    //   compare-exchange fail; the delivering thread then takes the lock, delivers the queued messages and
    //   brings the delivery state up to date (`reconcileLocked`).
    // - `heldBit`: a holder of the lock has claimed the delivery state while nobody delivers
    //   (`claimLocked`); a sender's compare-exchange 0 → owner fails meanwhile and it waits for the lock.
    static var attentionBit: Int { 1 }
    static var heldBit: Int { 2 }
    static var ownerMask: Int { ~3 }
    // The bits are here, in a non-generic class, rather than in `SubjectHub`: there, `Self.attentionBit`
    // (`Self` being dynamic in a non-final class) compiled to a getter call taking the metadata, on the
    // per-element path (R11: 3,154 instructions per send with the bits there, 3,065 with them here).

    /// Removes the observer registered under `key` (nothing if it is gone already).
    func remove(key: UInt64) {
        preconditionFailure("SubjectHubBase.remove(key:) is abstract: SubjectHub overrides it.")
    }

    /// Removes every observer, taking the lock (`SubjectHub` overrides it).
    func removeAllObservers() {
        preconditionFailure("SubjectHubBase.removeAllObservers() is abstract: SubjectHub overrides it.")
    }

    /// For a subject's (or a relay's) `deinit`, with its hub passed unretained: empties the hub, unless the
    /// subject's reference is its only strong one — no `SubjectSubscription` shares it, and it goes with
    /// the subject, its observers with it — which saves a lock round trip per subject (R2).
    ///
    /// `isKnownUniquelyReferenced` needs a `var` holding the reference: a copy would count twice; a
    /// subject's stored `var` would be retained and released around every use, or, as a
    /// `SubjectHub<Element>` in the subject's unspecialised `deinit`, cost a metadata look-up (+280 per
    /// build); and a method on the hub is called with it retained. So the subject passes its reference as
    /// an address, and the probe borrows it without a retain (`takeRetainedValue`) and hands it back before
    /// it goes (`passRetained`): no count changes. Nothing else can add a subscription meanwhile: only the
    /// subject makes them. Non-generic, so nothing is looked up.
    static func subjectDidEnd(hub: UnsafeMutableRawPointer) {
        var probe = Unmanaged<SubjectHubBase>.fromOpaque(hub).takeRetainedValue()
        let unique = isKnownUniquelyReferenced(&probe)
        if !unique { probe.removeAllObservers() }
        _ = Unmanaged.passRetained(probe)
    }
}

/// The disposable a subject — or a share's connection, which is a hub — returns from `subscribe`: removes
/// the observer. A struct, as RxSwift's
/// `SubscriptionDisposable` is: two words fit an existential's inline buffer, so returning it allocates
/// nothing (R2). Disposing twice is harmless: the second removal finds no entry under `key` (a hub never
/// reuses a key). Not generic: the hub is held as its non-generic base class.
///
/// RxSwift's holds its subject weakly, so that a subscription kept after the subject is gone keeps nothing
/// alive. This one holds the subject's hub — a separate object — strongly, and the subject empties its hub
/// when it goes (`SubjectHubBase.subjectDidEnd(hub:)`, from each subject's `deinit`; unless no subscription
/// holds the hub, which then goes too): the same guarantee (the subject and every observer are released;
/// disposing later does nothing), without a weak reference, which allocates a side table for the hub on
/// every subscribed subject.
///
/// SPI for the bridge, whose Rx→Combine subscription keeps it as itself (`Observable._subscribe(node:)`)
/// rather than as a `Disposable` existential.
@_spi(ReactiveBridgeInternals)
public struct SubjectSubscription: Disposable {
    let hub: SubjectHubBase
    let key: UInt64

    /// Removes the observer.
    public func dispose() {
        hub.remove(key: key)
    }
}

/// A terminal event kept by a subject, boxed so the subject stores a plain `AnyObject?` (see
/// `PublishSubject.stopBox`).
final class StoredEvent<Element> {
    let event: Event<Element>
    init(_ event: Event<Element>) { self.event = event }
}
