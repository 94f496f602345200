#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A per-thread raw pointer slot, used by `CurrentThreadScheduler` to know whether this thread is already
/// running a trampoline (and where its queue is). What the slot points to is managed by its user; the
/// slot is only set while the owning stack frame is alive, so no destructor is needed.
final class ThreadLocalSlot: @unchecked Sendable {
    /// A `let`: reading a `var` of a class costs a dynamic exclusivity check (a runtime call), and `raw` is
    /// read once per element by `from` on the trampoline (`CurrentThreadScheduler.hasQueuedWork`).
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
        self.key = key
    }

    var raw: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        set { pthread_setspecific(key, newValue) }
    }
}
