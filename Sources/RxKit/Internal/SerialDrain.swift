import ReactiveBridgePrimitives

/// Serialises work submitted from several threads without holding a lock while the work runs.
///
/// Multi-source operators (merge, zip, combineLatest, withLatestFrom, flatMap, …) receive events from
/// sources that may live on different threads. RxSwift serialises them with a recursive lock held while
/// forwarding downstream, which is where its deadlocks come from. Here the first thread to arrive becomes
/// the *drainer*: it handles its own message and then every message other threads queued meanwhile.
/// Other threads enqueue and return at once. A re-entrant submission from the drainer itself is handled
/// after the current message (trampolined), which keeps the order without nesting.
///
/// The fast path (no contention) takes the lock twice and allocates nothing.
final class SerialDrain<Message>: @unchecked Sendable {
    /// Guards the drain's own state only for short, non-calling sections; an owner may share it for state
    /// of its own that is equally short (the flattening sinks' `InnerSubscriptionGroup`), saving a lock.
    let lock = Lock()
    // Guarded by `lock`. `pendingCount` mirrors `pending.count - pendingHead` so the uncontended path
    // never touches `[Message]` (a runtime metadata look-up per call in unspecialised generic code).
    @exclusivity(unchecked) private var busy = false
    @exclusivity(unchecked) private var pending: [Message] = []
    @exclusivity(unchecked) private var pendingHead = 0
    @exclusivity(unchecked) private var pendingCount = 0

    /// Runs `handle(message)` now, or queues `message` for the thread that is already draining.
    /// `handle` must be the same logic for every caller (it runs messages queued by other threads too).
    @inline(__always)
    func submit(_ message: Message, _ handle: (Message) -> Void) {
        lock.lock()
        if busy {
            pending.append(message)
            pendingCount += 1
            lock.unlock()
            return
        }
        busy = true
        lock.unlock()
        handle(message)
        finish(handle)
    }

    /// Becomes the drainer if nobody is: returns `true` if the caller may run its work now, after which
    /// it must call `finish(_:)`. Lets a caller run work that is not a `Message` (an element on the
    /// `ElementLane`) without building one; on `false`, `submit` it as a message instead.
    @inline(__always)
    func tryBegin() -> Bool {
        lock.lock()
        if busy {
            lock.unlock()
            return false
        }
        busy = true
        lock.unlock()
        return true
    }

    /// Ends a drain begun by `submit` or `tryBegin`: handles what other threads queued meanwhile.
    func finish(_ handle: (Message) -> Void) {
        lock.lock()
        if pendingCount == 0 {
            busy = false
            lock.unlock()
            return
        }
        lock.unlock()
        drainPending(handle)
    }

    @inline(never)
    private func drainPending(_ handle: (Message) -> Void) {
        while true {
            lock.lock()
            if pendingCount == 0 {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
                busy = false
                lock.unlock()
                return
            }
            let next = pending[pendingHead]
            pendingHead += 1
            pendingCount -= 1
            lock.unlock()
            handle(next)
        }
    }
}

/// `SerialDrain` for the flattening sinks (`flatMap`, `switchLatest`), whose per-event paths run on
/// `tryBegin`/`finish` and build no message. Not generic: a `SerialDrain<Message>` costs two runtime
/// metadata look-ups per subscription in unspecialised code (the drain's class and the sink's nested
/// `Message` enum, together about 800 instructions per flatMap stage). Messages exist only when another
/// thread is draining, so they are queued boxed (`QueuedMessage`), and only then.
///
/// The drain *is* its lock (its mutex is inline, laid out as a `Lock`'s), and the sinks'
/// `InnerSubscriptionGroup` is a drain, whose short sections share that lock: one object per flattening
/// subscription instead of three.
class BoxedSerialDrain: @unchecked Sendable {
    // The mutex, inside the object (see `InlineMutex`); these three must stay the first stored properties.
    // The head word is free after `init` (`spareWord`).
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel
    // Guarded by the lock (`self`); `pendingCount` mirrors `pending.count - pendingHead`.
    @exclusivity(unchecked) private var busy = false
    @exclusivity(unchecked) private var pending: [AnyObject] = []
    @exclusivity(unchecked) private var pendingHead = 0
    @exclusivity(unchecked) private var pendingCount = 0

    init() {
        InlineMutex.setUpKeepingHeadWord(self, owner: "BoxedSerialDrain")
    }

    deinit {
        mutex.destroy()
    }

    @inline(__always)
    private final var mutex: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: 0)) }

    /// The head word, free after `init`: a subclass may use it as a word of its own (`InlineDelivery` in the
    /// flattening sinks' group).
    final var spareWord: UnsafeMutablePointer<Int> { InlineWord.address(of: self) }

    @inline(__always)
    final func lock() {
        mutex.lock()
    }

    @inline(__always)
    final func unlock() {
        mutex.unlock()
    }

    @inline(__always)
    final func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock(body)
    }

    /// Becomes the drainer if nobody is (see `SerialDrain.tryBegin`); on `true` the caller runs its work,
    /// then calls `finish(_:)`.
    @inline(__always)
    func tryBegin() -> Bool {
        lock()
        if busy {
            unlock()
            return false
        }
        busy = true
        unlock()
        return true
    }

    /// Becomes the drainer and returns `true` (the caller handles its message, then calls `finish(_:)`),
    /// or, when another thread is draining, queues `makeMessage()` for it and returns `false`: the check
    /// and the queueing are one step under the lock, so the message cannot be left behind by a drainer
    /// that is just finishing.
    func beginOrQueue(_ makeMessage: () -> AnyObject) -> Bool {
        lock()
        if busy {
            pending.append(makeMessage())
            pendingCount += 1
            unlock()
            return false
        }
        busy = true
        unlock()
        return true
    }

    /// Ends a drain: hands what other threads queued meanwhile, in order, to `handle`.
    @inline(__always)
    func finish(_ handle: (AnyObject) -> Void) {
        lock()
        if pendingCount == 0 {
            busy = false
            unlock()
            return
        }
        unlock()
        drainPending(handle)
    }

    /// `SerialDrain.submit` with the message boxed (`QueuedMessage`) only when another thread is draining:
    /// handles `message` now, then what was queued meanwhile (`finishMessages`), or queues it.
    func submit<Message>(_ message: Message, _ handle: (Message) -> Void) {
        if beginOrQueue({ QueuedMessage(message) }) {
            handle(message)
            finishMessages(handle)
        }
    }

    /// `finish(_:)` for a drain whose queued messages are `submit`'s: unboxes each for `handle`.
    @inline(__always)
    func finishMessages<Message>(_ handle: (Message) -> Void) {
        finish { handle(unsafeDowncast($0, to: QueuedMessage<Message>.self).message) }
    }

    @inline(never)
    private func drainPending(_ handle: (AnyObject) -> Void) {
        while true {
            lock()
            if pendingCount == 0 {
                pending.removeAll(keepingCapacity: true)
                pendingHead = 0
                busy = false
                unlock()
                return
            }
            let next = pending[pendingHead]
            pendingHead += 1
            pendingCount -= 1
            unlock()
            handle(next)
        }
    }
}

/// A message queued in a `BoxedSerialDrain`.
final class QueuedMessage<Message> {
    let message: Message
    init(_ message: Message) { self.message = message }
}
