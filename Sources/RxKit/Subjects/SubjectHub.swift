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
/// So the observer list is a `SubscriberList` of `Entry` objects (non-generic), the per-event path (`broadcastLocked`)
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
    final let resourceTracking = ResourceTracking()
    /// One observer (see `SubjectEntry`). Every element of `entries` and `list` is one.
    typealias Entry = SubjectEntry
    /// The observers a message goes to: a snapshot of `list.slots` (see `entries`), whose vacancies a
    /// delivery skips (`forEachEntry`).
    typealias Observers = [SubscriberList.Slot]

    enum Message {
        case broadcast(Event<Element>, Observers)
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
    /// The observer, while there is exactly one: `sole` or `soleNode` (`soleIsNode` says which), kept in
    /// one reference so that a hub initialises and releases one, not two (R12: one per level).
    @exclusivity(unchecked) final var soleObserver: AnyObject?
    /// The observer, while there is exactly one: most subjects and every share connection in a chain have
    /// one, and keeping it here rather than in `list` saves an array buffer per subscription (R2, R12).
    /// Set it only with no `soleNode`.
    final var sole: Entry? {
        @inline(__always) get { soleIsNode ? nil : unsafeBitCast(soleObserver, to: Entry?.self) }
        @inline(__always) set {
            soleObserver = newValue
            soleIsNode = false
        }
    }
    /// The observer, while there is exactly one and it is an RxKit node with both lanes that subscribed with
    /// nobody delivering (`addSoleNodeLocked`: another share's connection, or a publish subject's first
    /// observer, `addKeyedLocked`): kept as itself and its key, with no `Entry` — in a Driver chain every
    /// share but the last has one such observer (R12: an allocation per level fewer; R2 one per build). At most
    /// one of `sole`, `soleNode` and `list` holds observers. Slow paths that need an `Entry` for it make one
    /// (`entries`); it never waits for a replay (an entry that may is made while a delivery is in progress,
    /// and such an observer goes to `sole`), so nothing depends on that entry's identity. Set it only with
    /// no `sole`.
    final var soleNode: ObserverNode? {
        @inline(__always) get { soleIsNode ? unsafeBitCast(soleObserver, to: ObserverNode?.self) : nil }
        @inline(__always) set {
            soleObserver = newValue
            soleIsNode = newValue != nil
        }
    }
    /// The key of `sole` or `soleNode`, whichever holds the observer.
    @exclusivity(unchecked) final var soleKey: UInt64 = 0
    /// The observers (`Entry` objects, under their keys), while there are two or more; empty otherwise.
    /// Removing one moves no other (see `SubscriberList`), so tearing down n subscriptions is not O(n²).
    @exclusivity(unchecked) final var list = SubscriberList()
    /// Whether a sender may begin a delivery without `lock` (`beginWithoutLock`): a share's connection,
    /// whose per-element path then takes no lock at all. Subjects send under their lock. Declared after
    /// `list`, whose last word has room for it (a word less per hub than anywhere else).
    final let sendsWithoutLock: Bool
    @exclusivity(unchecked) final var nextKey: UInt64 = 0
    /// Messages waiting for the delivering thread, created on first use: a `[Message]` stored property
    /// would cost a `Message` metadata look-up in every hub's `init` (one per subscription to a share).
    @exclusivity(unchecked) final var pending: PendingMessages?
    /// The number of messages in `pending`, kept here so the per-event path never touches it.
    @exclusivity(unchecked) final var queuedCount = 0

    // The delivery state: owned by the delivering thread (the owner in the state word), or, while nobody
    // delivers, by the holder of `lock` (see `claimLocked`). A sender reads it after becoming the owner,
    // without the lock; a lock holder that finds another thread delivering leaves it alone and sets
    // `attentionBit`, and the owner brings it up to date (`reconcileLocked`) before its delivery ends.

    /// The element lane of the only observer, when there is exactly one and it has a lane; otherwise
    /// none. A delivery sends through it without copying the snapshot array or the element, and without
    /// retaining anything (see `PendingMessages.retired` for what keeps the observer alive).
    @exclusivity(unchecked) private(set) final var soleLane = LaneHandle()
    /// `!soleLane.isEmpty`, kept beside it: `LaneHandle.isEmpty` reads its `unowned(unsafe)` existential,
    /// which compiled to a retain/release pair on the per-event path (S1, R1).
    @exclusivity(unchecked) private(set) final var hasSoleLane = false
    /// Whether `soleObserver` is `soleNode` rather than `sole`. Beside `hasSoleLane`, in the same word.
    @exclusivity(unchecked) final var soleIsNode = false

    /// Sets `soleLane` (and `hasSoleLane`). Call as the owner of the delivery state.
    @inline(__always)
    final func setSoleLane(_ lane: LaneHandle) {
        soleLane = lane
        hasSoleLane = !lane.isEmpty
    }
    /// With replay (a share's connection): the latest element, while `hasLatest` (a pointer, not an
    /// `Element?`, so the per-element path needs no metadata look-up); `nil` for subjects. It points into
    /// the object — the spare storage of the inline mutex a hub guarded by a shared lock does not use —
    /// when the element fits there (`latestIsInline`), otherwise to memory of its own. Set in `init` only.
    @exclusivity(unchecked) final var latest: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) final var latestIsInline = false
    @exclusivity(unchecked) final var hasLatest = false
    /// Guarded by `lock`: cleared when a share's connection stops, so the owner of a delivery in progress
    /// drops the latest element when it ends (`reconcileLocked`).
    @exclusivity(unchecked) final var keepsLatest: Bool

    /// A FIFO of messages (see `pending`). Queued elements — senders on several threads waiting for the
    /// delivering one — are kept apart, in `elements`, so that queueing and delivering one builds no
    /// `Message` or `Event` (each a metadata look-up in unspecialised code); `order` keeps the arrival
    /// order of both kinds. Guarded by the hub's lock (run-time exclusivity checks off, as the hub's),
    /// except `drained`.
    final class PendingMessages {
        /// Every queued item in order: an element's observer snapshot (its element is the next of
        /// `elements`), or `nil` for the next of `messages`.
        @exclusivity(unchecked) var order: [Observers?] = []
        @exclusivity(unchecked) var elements = ValueRing<Element>()
        @exclusivity(unchecked) var messages: [Message] = []
        /// The delivering thread's batch (`takeAll`), kept between batches so its buffers are reused:
        /// touched only by the delivering thread, of which there is one at a time.
        @exclusivity(unchecked) var drained: PendingMessages?
        /// The snapshot `entries` last built for the sole observer, handed out again while it stays (one
        /// entry, or empty).
        @exclusivity(unchecked) var soleSnapshot: Observers = []
        /// Observers removed during a delivery, released when it ends (see `attentionBit`). Kept here, not
        /// in the hub: a hub whose observers never leave mid-delivery (nearly all) then has one reference
        /// fewer to initialise and release (R12: one per level).
        @exclusivity(unchecked) var retired: [AnyObject] = []

        /// Moves every queued item, in order, into the (empty) batch it returns, leaving this queue empty:
        /// the delivering thread takes the whole queue in one hold of the lock and delivers it outside.
        /// Call with the hub's lock held, as the delivering thread; hand the batch back (`drained`) empty.
        func takeAll() -> PendingMessages {
            let batch = drained ?? PendingMessages()
            drained = nil
            swap(&order, &batch.order)
            swap(&elements, &batch.elements)
            if !messages.isEmpty { swap(&messages, &batch.messages) }
            return batch
        }
    }

    /// A hub guarded by its own mutex, or by `sharedLock` when its owner keeps more state under the same
    /// lock (`share`'s connection, whose inline mutex storage then keeps the latest element).
    /// `sendsWithoutLock`: see the property; `keepsLatest`: whether it keeps the latest element
    /// (`storeLatest`, `replayLatestLocked`).
    init(sharedLock: MutexReference? = nil, sendsWithoutLock: Bool = false, keepsLatest: Bool = false) {
        // Its own mutex's address is known once the node is initialised: until then, a stand-in.
        lock = sharedLock ?? MutexReference.unset
        self.sendsWithoutLock = sendsWithoutLock
        self.keepsLatest = keepsLatest
        latest = nil
        let ownsInlineMutex = sharedLock == nil
        super.init(initializingMutex: ownsInlineMutex)
        if ownsInlineMutex { lock = nodeLock }
        if keepsLatest {
            if !ownsInlineMutex && Self.spareMutexStorageFits(Element.self) {
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
    final func beginLocked(_ me: Int) -> Bool {
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

    // The subscriber table (`SubjectHub+Observers.swift`), the latest element (`SubjectHub+Latest.swift`)
    // and delivery (`SubjectHub+Delivery.swift`) are extensions; these two overrides stay here, since
    // an extension cannot override.

    /// Removes every observer, taking the lock: for a subject's `deinit` when a subscription still shares
    /// this hub (`SubjectHubBase.subjectDidEnd(hub:)`), so that subscriptions kept after the subject is gone
    /// (they hold this hub, see `SubjectSubscription`) keep no observer alive.
    override final func removeAllObservers() {
        lock.lock()
        let removed = removeAllLocked()
        lock.unlock()
        withExtendedLifetime(removed) {}  // released here, with no lock held
    }

    /// Removes the observer with `key`.
    override func remove(key: UInt64) {
        lock.lock()
        let access = claimLocked()
        let removed = removeLocked(key: key, access)
        releaseLocked(access)
        lock.unlock()
        withExtendedLifetime(removed) {}  // released here, with no lock held
    }
}
