import ReactiveBridgeAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The storage of an `InlineLock`: an atomic word and the platform mutex, kept inside the object that
/// uses them instead of in a `Lock` of their own (one heap block less per subscription).
///
/// It must be the object's **first** stored property, in a class whose superclasses have no stored
/// properties: `InlineLock(in:)` finds it at `_getUnsafePointerToStoredProperties(object)` (the
/// technique of the standard library's own atomics and of swift-atomics' `ManagedAtomic`). An object never
/// moves, so the address stays valid for the object's lifetime; the storage is only ever touched
/// through that address (never read or written as a Swift value after initialisation), so no copy of
/// the mutex is ever made.
internal struct InlineLockStorage {
    fileprivate var word = 0
    fileprivate var primitive = PlatformLockPrimitive()

    init() {}
}

/// `Lock`'s interface over an `InlineLockStorage` stored in the object (see there). Create one with
/// `InlineLock(in: self)` where needed: it is a pointer, free to make.
///
/// The owner calls `initialize()` once in its `init` and `destroy()` in its `deinit`.
internal struct InlineLock {
    /// The address of the owner's first stored property (its `InlineLockStorage`).
    internal let storage: UnsafeMutableRawPointer

    @inline(__always)
    internal init(in object: AnyObject) {
        storage = _getUnsafePointerToStoredProperties(object)
    }

    @inline(__always)
    private var wordAddress: UnsafeMutablePointer<Int> {
        storage.assumingMemoryBound(to: Int.self)
    }

    @inline(__always)
    private var primitive: UnsafeMutablePointer<PlatformLockPrimitive> {
        // The word is first and the primitive's alignment is at most a word's (checked by `isAt`).
        (storage + MemoryLayout<Int>.stride).assumingMemoryBound(to: PlatformLockPrimitive.self)
    }

    /// Debug check that `storage` is where the owner's first stored property is.
    internal func isAt(_ address: UnsafeMutablePointer<InlineLockStorage>) -> Bool {
        UnsafeMutableRawPointer(address) == storage
            && MemoryLayout<InlineLockStorage>.offset(of: \InlineLockStorage.primitive) == MemoryLayout<Int>.stride
    }

    @inline(__always)
    internal func initialize() {
        #if !canImport(Darwin)
        _ = pthread_mutex_init(primitive, nil)
        #endif
    }

    @inline(__always)
    internal func destroy() {
        #if !canImport(Darwin)
        _ = pthread_mutex_destroy(primitive)
        #endif
    }

    @inline(__always)
    internal func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(primitive)
        #else
        _ = pthread_mutex_lock(primitive)
        #endif
    }

    @inline(__always)
    internal func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(primitive)
        #else
        _ = pthread_mutex_unlock(primitive)
        #endif
    }

    /// The atomic word (acquire load).
    @inline(__always)
    internal var word: Int { rb_atomic_load_acquire(wordAddress) }

    /// Sets the atomic word (release store).
    @inline(__always)
    internal func storeWord(_ value: Int) { rb_atomic_store_release(wordAddress, value) }

    /// Replaces the atomic word with `desired` if it equals `expected`; returns whether it did.
    @inline(__always)
    internal func exchangeWord(ifEqualTo expected: Int, with desired: Int) -> Bool {
        rb_atomic_compare_exchange(wordAddress, expected, desired)
    }

    /// Replaces the atomic word with `value`; returns the value it had.
    @inline(__always)
    internal func exchangeWord(with value: Int) -> Int {
        rb_atomic_exchange(wordAddress, value)
    }

    /// As `Lock.setSubscribedFlag(_:)`.
    @inline(__always)
    internal func setSubscribedFlag(_ isSubscribed: Bool) { storeWord(isSubscribed ? 1 : 0) }

    /// As `Lock.isSubscribed`.
    @inline(__always)
    internal var isSubscribed: Bool { word != 0 }
}

/// What `OperatorInner`'s helpers need of a lock: a `Lock` (its own heap block) or an `InlineLock`.
internal protocol SubscriptionStatusLock {
    func lock()
    func unlock()
    func setSubscribedFlag(_ isSubscribed: Bool)
    var isSubscribed: Bool { get }
}

extension Lock: SubscriptionStatusLock {}
extension InlineLock: SubscriptionStatusLock {}
