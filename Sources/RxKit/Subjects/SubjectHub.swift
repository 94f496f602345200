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
final class SubjectHub<Element>: @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    struct Entry {
        let key: UInt64
        let deliver: (Event<Element>) -> Void
    }

    enum Message {
        case broadcast(Event<Element>, ContiguousArray<Entry>)
        case replay([Event<Element>], Entry)
    }

    let lock = Lock()
    private(set) var entries = ContiguousArray<Entry>()
    private var nextKey: UInt64 = 0
    private var delivering = false
    private var deliveringThread: ThreadID?
    private var queued: [Message] = []
    private var queuedHead = 0

    /// Adds an observer. Call with `lock` held.
    func addLocked<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        nextKey += 1
        let entry = Entry(key: nextKey, deliver: observer.on)
        entries.append(entry)
        return entry
    }

    /// An entry that is not in the list (for replaying a terminated subject to a late subscriber).
    func detachedEntry<Observer: ObserverType>(_ observer: Observer) -> Entry where Observer.Element == Element {
        Entry(key: 0, deliver: observer.on)
    }

    /// Removes every observer. Call with `lock` held.
    func removeAllLocked() {
        entries.removeAll()
    }

    /// Removes the observer with `key`.
    func remove(key: UInt64) {
        lock.withLock {
            if let index = entries.firstIndex(where: { $0.key == key }) {
                entries.remove(at: index)
            }
        }
    }

    var hasObservers: Bool { lock.withLock { !entries.isEmpty } }

    /// Delivers `message` (now, nested, or via the delivering thread). Must be called with `lock`
    /// held; returns with it released.
    func dispatchLocked(_ message: Message) {
        let me = currentThreadID()
        if delivering {
            if isSameThread(deliveringThread, me) {
                lock.unlock()
                deliver(message)
                return
            }
            queued.append(message)
            lock.unlock()
            return
        }
        delivering = true
        deliveringThread = me
        lock.unlock()
        deliver(message)
        while true {
            lock.lock()
            if queuedHead == queued.count {
                if !queued.isEmpty {
                    queued.removeAll(keepingCapacity: true)
                    queuedHead = 0
                }
                delivering = false
                deliveringThread = nil
                lock.unlock()
                return
            }
            let next = queued[queuedHead]
            queuedHead += 1
            lock.unlock()
            deliver(next)
        }
    }

    private func deliver(_ message: Message) {
        switch message {
        case .broadcast(let event, let observers):
            for entry in observers { entry.deliver(event) }
        case .replay(let events, let entry):
            for event in events { entry.deliver(event) }
        }
    }
}

/// The disposable a subject returns from `subscribe`: removes the observer.
final class SubjectSubscription<Element>: Disposable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private weak var hub: SubjectHub<Element>?
    private let key: UInt64
    private let done = OnceFlag()

    init(hub: SubjectHub<Element>, key: UInt64) {
        self.hub = hub
        self.key = key
    }


    func dispose() {
        if done.set() { hub?.remove(key: key) }
    }
}
