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
    private let lock = Lock()
    private var busy = false
    private var pending: [Message] = []
    private var pendingHead = 0

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
        drainRest(handle)
    }

    private func drainRest(_ handle: (Message) -> Void) {
        while true {
            lock.lock()
            if pendingHead == pending.count {
                if !pending.isEmpty {
                    pending.removeAll(keepingCapacity: true)
                    pendingHead = 0
                }
                busy = false
                lock.unlock()
                return
            }
            let next = pending[pendingHead]
            pendingHead += 1
            lock.unlock()
            handle(next)
        }
    }
}
