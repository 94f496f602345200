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
    /// of its own that is equally short, saving a lock.
    let lock = Lock()
    // Guarded by `lock`. The uncontended path reads only the queue's count, never its `[Message]` (a
    // runtime metadata look-up per call in unspecialised generic code).
    @exclusivity(unchecked) private var busy = false
    @exclusivity(unchecked) private var pending = ArrivalQueue<Message>()

    /// Runs `handle(message)` now, or queues `message` for the thread that is already draining.
    /// `handle` must be the same logic for every caller (it runs messages queued by other threads too).
    @inline(__always)
    func submit(_ message: Message, _ handle: (Message) -> Void) {
        lock.lock()
        if busy {
            pending.append(message)
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
        if pending.isEmpty {
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
            if pending.isEmpty {
                busy = false
                lock.unlock()
                return
            }
            let next = pending.removeFirst()
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
/// The drain *is* its lock (its mutex is inline, laid out as a `Lock`'s). The flattening sinks run the
/// same protocol on their own mutex and queue (`FlatteningSink`), one object per subscription.
class BoxedSerialDrain: @unchecked Sendable {
    // The mutex, inside the object (see `InlineMutex`); these three must stay the first stored properties.
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel
    /// Guarded by the lock (`self`), which its methods take themselves.
    @exclusivity(unchecked) private var state = DrainState()

    init() {
        InlineMutex.setUpKeepingHeadWord(self, owner: "BoxedSerialDrain")
    }

    deinit {
        mutex.destroy()
    }

    @inline(__always)
    private final var mutex: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: 0)) }

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
        let began = state.begin()
        unlock()
        return began
    }

    /// See `DrainState.beginOrQueue(_:)`.
    func beginOrQueue(_ makeMessage: () -> AnyObject) -> Bool {
        lock()
        let began = state.beginOrQueue(makeMessage)
        unlock()
        return began
    }

    /// Ends a drain: hands what other threads queued meanwhile, in order, to `handle`.
    @inline(__always)
    func finish(_ handle: (AnyObject) -> Void) {
        if let first = next() { drainQueued(first, handle) }
    }

    @inline(never)
    private func drainQueued(_ first: AnyObject, _ handle: (AnyObject) -> Void) {
        var message: AnyObject? = first
        while let current = message {
            handle(current)
            message = next()
        }
    }

    /// `DrainState.next()` under the lock.
    @inline(__always)
    private func next() -> AnyObject? {
        lock()
        let message = state.next()
        unlock()
        return message
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
}

/// The state of a drain whose messages are objects (`BoxedSerialDrain`, `FlatteningSink`): whether a
/// thread is draining, and the messages other threads queued for it meanwhile. Its owner keeps it as a
/// stored property and calls each method holding its lock, which it releases before it handles any
/// message (the whole access to the property stays inside the lock, as the thread sanitizer checks).
struct DrainState {
    private var busy = false
    private var pending = ArrivalQueue<AnyObject>()

    /// Becomes the drainer if nobody is: on `true` the caller handles its work, then calls `next()` until
    /// it returns `nil`, handling each message it returns.
    @inline(__always)
    mutating func begin() -> Bool {
        if busy { return false }
        busy = true
        return true
    }

    /// Becomes the drainer and returns `true` (as `begin()`), or, when another thread is draining, queues
    /// `makeMessage()` for it and returns `false`: the check and the queueing are one step under the
    /// lock, so the message cannot be left behind by a drainer that is just finishing.
    mutating func beginOrQueue(_ makeMessage: () -> AnyObject) -> Bool {
        if busy {
            pending.append(makeMessage())
            return false
        }
        busy = true
        return true
    }

    /// For the drainer: the oldest message another thread queued, removed, or `nil` when there is none,
    /// which ends the drain.
    @inline(__always)
    mutating func next() -> AnyObject? {
        if pending.isEmpty {
            busy = false
            return nil
        }
        return pending.removeFirst()
    }
}

/// A message queued in a `BoxedSerialDrain`.
final class QueuedMessage<Message> {
    let message: Message
    init(_ message: Message) { self.message = message }
}
