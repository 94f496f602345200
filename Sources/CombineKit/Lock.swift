#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

#if canImport(Darwin)
internal typealias PlatformLockPrimitive = os_unfair_lock
#else
internal typealias PlatformLockPrimitive = pthread_mutex_t
#endif

/// A non-recursive mutual-exclusion lock stored inline in a single heap allocation
/// (`os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere).
///
/// Never call out to a subscriber or to user code while holding it.
internal final class Lock: ManagedBuffer<Void, PlatformLockPrimitive> {
    internal static func make() -> Lock {
        let buffer = Lock.create(minimumCapacity: 1) { _ in () }
        let lock = unsafeDowncast(buffer, to: Lock.self)
        lock.withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            pointer.initialize(to: os_unfair_lock())
            #else
            pointer.initialize(to: pthread_mutex_t())
            _ = pthread_mutex_init(pointer, nil)
            #endif
        }
        return lock
    }

    deinit {
        withUnsafeMutablePointerToElements { pointer in
            #if !canImport(Darwin)
            _ = pthread_mutex_destroy(pointer)
            #endif
            _ = pointer.deinitialize(count: 1)
        }
    }

    @inline(__always)
    internal func lock() {
        withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            os_unfair_lock_lock(pointer)
            #else
            _ = pthread_mutex_lock(pointer)
            #endif
        }
    }

    @inline(__always)
    internal func unlock() {
        withUnsafeMutablePointerToElements { pointer in
            #if canImport(Darwin)
            os_unfair_lock_unlock(pointer)
            #else
            _ = pthread_mutex_unlock(pointer)
            #endif
        }
    }

    @inline(__always)
    internal func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A box that lets a non-`Sendable` value cross into APIs that demand `Sendable` (for example
/// `DispatchQueue.async`). Only used where the library itself guarantees the access is serialised.
internal struct UncheckedSendableBox<Value>: @unchecked Sendable {
    internal let value: Value
    internal init(_ value: Value) { self.value = value }
}
