#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A recursive mutex (`pthread_mutex_t` of type `PTHREAD_MUTEX_RECURSIVE`): the thread holding it may lock it
/// again. For the rare place that must stay serialised across a call out that can come back in on the same
/// thread — RxKit's `refCount()` holds one across `connect()` and the connection's disposal, as RxSwift's
/// does, and a synchronous source terminates inside that `connect()`. Everything else follows `Lock`'s rule
/// of the house and uses `Lock`.
package final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "RecursiveLock: pthread_mutex_init failed (\(status)).")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }

    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
