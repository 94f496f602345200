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
    private var key = pthread_key_t()

    init() {
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
    }

    var raw: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        set { pthread_setspecific(key, newValue) }
    }
}
