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
    #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    internal init() {
        #if canImport(Darwin)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        _ = pthread_mutex_init(mutex, nil)
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        _ = pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
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
