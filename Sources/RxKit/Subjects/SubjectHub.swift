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
/// disconnects it).
class SubjectHub<Element>: SubjectHubBase, @unchecked Sendable {
    // The delivery state word and its bits: see `SubjectHubBase`.
    private final let resourceTracking = ResourceTracking()
    /// One observer (see `SubjectEntry`). Every element of `entries` and `list` is one.
    typealias Entry = SubjectEntry

    enum Message {
        case broadcast(Event<Element>, [AnyObject])
        case replay([Event<Element>], Entry)
    }

    // Guarded by `lock`, which is what excludes conflicting accesses; the dynamic exclusivity checks
    // (a runtime call per access) are switched off on the per-event state.
    final let lock: Lock
    /// The observer, while there is exactly one: most subjects and every share connection in a chain have
    /// one, and keeping it here rather than in `list` saves an array buffer per subscription (R2, R12).
    @exclusivity(unchecked) private final var sole: Entry?
    /// The observers (`Entry` objects), while there are two or more; empty otherwise.
    @exclusivity(unchecked) private final var list: [AnyObject] = []
    @exclusivity(unchecked) private final var nextKey: UInt64 = 0
    /// The delivering thread; meaningful only while `deliveringBit` is set (written under `lock` by the
    /// thread that sets it, read under `lock`).
    @exclusivity(unchecked) private final var deliveringThread: ThreadID?
    /// Messages waiting for the delivering thread, created on first use: a `[Message]` stored property
    /// would cost a `Message` metadata look-up in every hub's `init` (one per subscription to a share).
    @exclusivity(unchecked) private final var pending: PendingMessages?
    /// The number of messages in `pending`, kept here so the per-event path never touches it.
    @exclusivity(unchecked) private final var queuedCount = 0
    /// The element lane of the only observer, when there is exactly one and it has a lane; otherwise
    /// none. `broadcastNextLocked(at:)` sends through it without copying the snapshot array or the
    /// element, and without retaining anything (see `retiredBit` for what keeps the observer alive).
    @exclusivity(unchecked) private final var soleLane = LaneHandle()
    /// Entries removed during a delivery, released when it ends (see `retiredBit`).
    @exclusivity(unchecked) private final var retired: [AnyObject] = []

    /// A FIFO of messages (see `pending`).
    private final class PendingMessages {
        var messages: [Message] = []
        var head = 0
    }

    /// A hub guarded by `lock`: its own by default, or its owner's, when the owner keeps more state under
    /// the same lock (`share`'s connection).
    init(lock: Lock = Lock()) {
        self.lock = lock
        super.init()
    }

    /// Whether a thread is delivering (read under `lock`).
    private final var isDelivering: Bool { InlineWord.load(self) & SubjectHubBase.deliveringBit != 0 }

    /// Makes the calling thread the delivering one. Call with `lock` held and no delivery in progress.
    @inline(__always)
    private final func beginDeliveryLocked() {
        InlineWord.store(self, SubjectHubBase.deliveringBit)
        deliveringThread = currentThreadID()
    }

    /// The current observers, as a snapshot a message can carry (slow paths: with one observer it builds
    /// an array). Call with `lock` held.
    final var entries: [AnyObject] {
        if let sole { return [sole] }
        return list
    }

    /// Whether nobody is subscribed. Call with `lock` held.
    final var isEmptyLocked: Bool { sole == nil && list.isEmpty }

    /// Adds an observer. Call with `lock` held.
    final func addLocked<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        nextKey += 1
        let entry = Entry(key: nextKey, observer: observer)
        if let first = sole {
            list = [first, entry]
            sole = nil
            soleLane = LaneHandle()
        } else if list.isEmpty {
            sole = entry
            soleLane = entry.lane
        } else {
            list.append(entry)
        }
        return entry
    }

    /// An entry that is not in the list (for replaying a terminated subject to a late subscriber).
    final func detachedEntry<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        Entry(key: 0, observer: observer)
    }

    /// Removes every observer. Call with `lock` held.
    final func removeAllLocked() {
        if let first = sole {
            retireIfDeliveringLocked(CollectionOfOne(first as AnyObject))
            sole = nil
        } else if !list.isEmpty {
            retireIfDeliveringLocked(list)
            list = []
        }
        soleLane = LaneHandle()
    }

    /// Removes the observer with `key`.
    override func remove(key: UInt64) {
        lock.withLock { removeLocked(key: key) }
    }

    /// Removes the observer with `key`. Call with `lock` held.
    final func removeLocked(key: UInt64) {
        if let first = sole {
            guard first.key == key else { return }
            retireIfDeliveringLocked(CollectionOfOne(first as AnyObject))
            sole = nil
            soleLane = LaneHandle()
            return
        }
        guard let index = list.firstIndex(where: { unsafeDowncast($0, to: Entry.self).key == key }) else { return }
        retireIfDeliveringLocked(CollectionOfOne(list[index]))
        list.remove(at: index)
        if list.count == 1 {
            let remaining = unsafeDowncast(list[0], to: Entry.self)
            list = []
            sole = remaining
            soleLane = remaining.lane
        }
    }

    /// Keeps `removed` alive until the delivery in progress (if any) ends: the delivering thread may be
    /// inside one of them through `soleLane`, which holds no reference. Call with `lock` held.
    private final func retireIfDeliveringLocked<Removed: Collection>(_ removed: Removed) where Removed.Element == AnyObject {
        guard isDelivering else { return }
        let previous = InlineWord.fetchOr(self, SubjectHubBase.retiredBit)
        if previous & SubjectHubBase.deliveringBit != 0 {
            retired.append(contentsOf: removed)
        } else {
            // The delivery ended (its compare-exchange succeeded) between the check and the fetch-or:
            // nobody is inside an observer any more, and nobody else changes the word without `lock`.
            InlineWord.store(self, 0)
        }
    }

    final var hasObservers: Bool { lock.withLock { !isEmptyLocked } }

    /// Sends `event` to `observers` (a snapshot of `entries`): at once if no delivery is in progress
    /// (the per-event path: no `Message` is built), otherwise as `dispatchLocked` does. Must be called
    /// with `lock` held; returns with it released.
    final func broadcastLocked(_ event: Event<Element>, _ observers: [AnyObject]) {
        if isDelivering {
            dispatchBroadcastLocked(event, observers)
            return
        }
        beginDeliveryLocked()
        lock.unlock()
        for entry in observers { unsafeDowncast(entry, to: Entry.self).deliver(event) }
        drainQueue()
    }

    /// Sends `.next(element)` to `observers` (a snapshot of `entries`), through each observer's element
    /// lane when it has one; an `Event` is built only for observers without one, or if the element must
    /// be queued. Must be called with `lock` held; returns with it released.
    final func broadcastNextLocked(_ element: Element, _ observers: [AnyObject]) {
        if isDelivering {
            dispatchNextLocked(element, observers)
            return
        }
        beginDeliveryLocked()
        lock.unlock()
        // `&value` rather than `withUnsafePointer(to:)`: see `ElementLane.send`.
        var value = element
        // The entries are read as `Unmanaged` (the snapshot keeps them alive): iterating the array of
        // references would retain and release each entry around its delivery (two atomic operations per
        // observer per element, S7).
        observers.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Entry>.self) { entries in
                for entry in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        if !entry.lane.send(typed: &value) {
                            entry.deliverNext(element)
                        }
                    }
                }
            }
        }
        drainQueue()
    }

    /// Sends `.next(element)` to the current observers, reading the element in place. With one observer
    /// that has an element lane and no delivery in progress (a share's connection, a subject with one
    /// subscriber) it retains nothing and copies nothing; otherwise it is `broadcastNextLocked(_:_:)`.
    /// Must be called with `lock` held; returns with it released.
    @inline(__always)
    final func broadcastNextLocked(at element: UnsafePointer<Element>) {
        if InlineWord.load(self) != 0 || soleLane.isEmpty {
            broadcastNextToEntriesLocked(at: element)
            return
        }
        beginDeliveryLocked()
        let lane = soleLane
        lock.unlock()
        _ = lane.send(typed: element)
        drainQueue()
    }

    /// The general case of `broadcastNextLocked(at:)`, out of line.
    @inline(never)
    private final func broadcastNextToEntriesLocked(at element: UnsafePointer<Element>) {
        if let first = sole, !isDelivering {
            // One observer, and either it has no lane or a delivery ended just now (the word was read
            // non-zero, then the delivering thread's compare-exchange cleared it): no snapshot array.
            beginDeliveryLocked()
            lock.unlock()
            if !first.lane.send(typed: element) {
                first.deliverNext(element.pointee)
            }
            drainQueue()
            return
        }
        broadcastNextLocked(element.pointee, entries)
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
        let me = currentThreadID()
        if isDelivering {
            if isSameThread(deliveringThread, me) {
                lock.unlock()
                deliver(message)
                return
            }
            // Set `queuedBit` before deciding: the delivering thread may be ending its delivery with a
            // compare-exchange right now, which then either fails (and it drains the queue) or has
            // already succeeded (and this thread delivers).
            let previous = InlineWord.fetchOr(self, SubjectHubBase.queuedBit)
            if previous & SubjectHubBase.deliveringBit != 0 {
                enqueueLocked(message)
                lock.unlock()
                return
            }
        }
        InlineWord.store(self, SubjectHubBase.deliveringBit)
        deliveringThread = me
        lock.unlock()
        deliver(message)
        drainQueue()
    }

    /// Queues `message` for the delivering thread. Call with `lock` held.
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

    /// Run by the delivering thread after its own message: delivers what other threads queued
    /// meanwhile, then ends the delivery.
    private final func drainQueue() {
        if InlineWord.compareExchange(self, expected: SubjectHubBase.deliveringBit, desired: 0) { return }
        drainQueuedMessages()
    }

    /// The slow path of `drainQueue` (other threads sent, or observers left, meanwhile), out of line so the per-event path
    /// never touches a `Message`.
    @inline(never)
    private final func drainQueuedMessages() {
        while true {
            lock.lock()
            if queuedCount == 0 {
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

    private final func deliver(_ message: Message) {
        switch message {
        case .broadcast(let event, let observers):
            for entry in observers { unsafeDowncast(entry, to: Entry.self).deliver(event) }
        case .replay(let events, let entry):
            for event in events { entry.deliver(event) }
        }
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
class SubjectHubBase: ObserverNode, @unchecked Sendable {
    // The hub's delivery state word is `ObserverNode.stateWord`: `deliveringBit` while a thread delivers,
    // `queuedBit` while messages wait in `SubjectHub.pending`. Read and written atomically through `InlineWord`.
    // Changed under `lock`, except that the delivering thread ends its delivery with one compare-exchange
    // (`deliveringBit` → 0) instead of a second lock round trip; that fails if a sender queued a message
    // meanwhile (it set `queuedBit` first), and the delivering thread then drains the queue under the lock.
    fileprivate static var deliveringBit: Int { 1 }
    fileprivate static var queuedBit: Int { 2 }
    /// Set (under `lock`, during a delivery) when an observer left while a delivery was in progress: its
    /// entry waits in `retired` until the delivering thread ends, since the sole-observer path calls the
    /// observer without retaining it. Like `queuedBit`, it makes the ending compare-exchange fail.
    fileprivate static var retiredBit: Int { 4 }
    // The bits are here, in a non-generic class, rather than in `SubjectHub`: there, `Self.deliveringBit`
    // (`Self` being dynamic in a non-final class) compiled to a getter call taking the metadata, on the
    // per-element path (R11: 3,154 instructions per send with the bits there, 3,065 with them here).

    /// Removes the observer registered under `key` (nothing if it is gone already).
    func remove(key: UInt64) {
        preconditionFailure("SubjectHubBase.remove(key:) is abstract: SubjectHub overrides it.")
    }
}

/// The disposable a subject returns from `subscribe`: removes the observer. It holds the hub weakly, as
/// RxSwift's `SubscriptionDisposable` holds its subject: a subscription kept after the subject is gone
/// keeps nothing alive. Not generic (the hub is held as its non-generic base class): a generic class's
/// metadata is looked up at run time on every subscription in unspecialised code.
final class SubjectSubscription: Disposable, @unchecked Sendable {
    /// 0, then 1 once disposed: a once-flag kept inline (see `InlineWord`: the first stored property of
    /// this root class) rather than in an `OnceFlag`, which is an object of its own.
    private var doneWord = InlineWord.sentinel
    private let resourceTracking = ResourceTracking()
    private weak var hub: SubjectHubBase?
    private let key: UInt64

    init(hub: SubjectHubBase, key: UInt64) {
        self.hub = hub
        self.key = key
        InlineWord.initialize(self)
    }

    func dispose() {
        if InlineWord.fetchOr(self, 1) == 0 { hub?.remove(key: key) }
    }
}

/// A terminal event kept by a subject, boxed so the subject stores a plain `AnyObject?` (see
/// `PublishSubject.stopBox`).
final class StoredEvent<Element> {
    let event: Event<Element>
    init(_ event: Event<Element>) { self.event = event }
}
