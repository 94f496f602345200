#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A per-thread pointer slot, used by `CurrentThreadScheduler` to know whether this thread is already
/// running a trampoline. The slot holds an unretained reference that is only set while the owning stack
/// frame is alive, so no destructor is needed.
final class ThreadLocalSlot<Value: AnyObject>: @unchecked Sendable {
    private var key = pthread_key_t()

    init() {
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed with \(status)")
    }

    var value: Value? {
        get {
            guard let raw = pthread_getspecific(key) else { return nil }
            return Unmanaged<Value>.fromOpaque(raw).takeUnretainedValue()
        }
        set {
            let raw = newValue.map { Unmanaged.passUnretained($0).toOpaque() }
            pthread_setspecific(key, raw)
        }
    }
}
