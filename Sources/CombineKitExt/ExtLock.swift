#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A non-recursive mutex for CombineKitExt's inner objects (CombineKit's own lock is internal to
/// that module). Never call downstream or user code while holding it.
internal final class ExtLock: @unchecked Sendable {
    // The mutex lives in the object (one heap block per lock rather than two). It is the only stored
    // property, so it sits at `_getUnsafePointerToStoredProperties(self)`; an object never moves, and
    // after `init` the mutex is only touched through that address, never copied as a Swift value.
    #if canImport(Darwin)
    private var storage = os_unfair_lock()
    #else
    private var storage = pthread_mutex_t()
    #endif

    #if canImport(Darwin)
    @inline(__always) private var mutex: UnsafeMutablePointer<os_unfair_lock> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: os_unfair_lock.self)
    }
    #else
    @inline(__always) private var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: pthread_mutex_t.self)
    }
    #endif

    internal init() {
        assert(withUnsafeMutablePointer(to: &storage) { $0 == mutex }, "ExtLock: the mutex must be the first stored property")
        #if !canImport(Darwin)
        _ = pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        _ = pthread_mutex_destroy(mutex)
        #endif
    }

    @inline(__always) internal func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        _ = pthread_mutex_lock(mutex)
        #endif
    }

    @inline(__always) internal func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        _ = pthread_mutex_unlock(mutex)
        #endif
    }

    @inline(__always) internal func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
