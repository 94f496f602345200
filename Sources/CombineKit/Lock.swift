import ReactiveBridgeAtomics

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
/// (`os_unfair_lock` on Darwin, `pthread_mutex_t` elsewhere), with one atomic word beside it.
///
/// Never call out to a subscriber or to user code while holding it.
///
/// The atomic word (the buffer's header) lets the per-value path of the object that owns the lock
/// answer its question ("still subscribed?", "may I deliver now?") with one atomic operation instead of
/// a lock/unlock pair. Its meaning is the owner's; the owner changes it only in ways that keep it
/// consistent with the state the lock guards (see `setSubscribedFlag(_:)`, `SubjectConduit`).
internal final class Lock: ManagedBuffer<Int, PlatformLockPrimitive> {
    internal static func make() -> Lock {
        let buffer = Lock.create(minimumCapacity: 1) { _ in 0 }
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

    /// The atomic word (acquire load).
    @inline(__always)
    internal var word: Int {
        withUnsafeMutablePointerToHeader { rb_atomic_load_acquire($0) }
    }

    /// Sets the atomic word (release store).
    @inline(__always)
    internal func storeWord(_ value: Int) {
        withUnsafeMutablePointerToHeader { rb_atomic_store_release($0, value) }
    }

    /// Replaces the atomic word with `desired` if it equals `expected`; returns whether it did.
    @inline(__always)
    internal func exchangeWord(ifEqualTo expected: Int, with desired: Int) -> Bool {
        withUnsafeMutablePointerToHeader { rb_atomic_compare_exchange($0, expected, desired) }
    }

    /// Adds `delta` to the atomic word; returns the value it had before.
    @inline(__always)
    internal func fetchAddWord(_ delta: Int) -> Int {
        withUnsafeMutablePointerToHeader { rb_atomic_fetch_add($0, delta) }
    }

    /// Mirrors "subscribed?" of the `SubscriptionStatus` this lock guards in the atomic word (1 while
    /// subscribed, 0 otherwise), so that the per-value path can ask without taking the lock. Every
    /// assignment to such a `status` is followed, under the lock, by this call with the matching flag.
    /// (A `didSet` would do it for every assignment, but turns each one into a setter call that copies
    /// the status — measurable on the subscribe/cancel path.)
    @inline(__always)
    internal func setSubscribedFlag(_ isSubscribed: Bool) {
        storeWord(isSubscribed ? 1 : 0)
    }

    /// The flag last set by `setSubscribedFlag(_:)`, read without the lock (acquire load): a value that
    /// races a cancel may still pass, exactly as when the status was read under the lock and the lock
    /// released before the call.
    @inline(__always)
    internal var isSubscribed: Bool { word != 0 }

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
