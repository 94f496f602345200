import ReactiveBridgeAtomics

/// The storage of an `InlineLock`: an atomic word and the platform mutex (a 32-bit word, see
/// `PlatformMutex`), kept inside the object that uses them instead of in a `Lock` of their own (one heap
/// block less per subscription).
///
/// It must be the object's **first** stored property, in a class whose superclasses have no stored
/// properties: `InlineLock(in:)` finds it at `_getUnsafePointerToStoredProperties(object)` (the
/// technique of the standard library's own atomics and of swift-atomics' `ManagedAtomic`). An object never
/// moves, so the address stays valid for the object's lifetime; the storage is only ever touched
/// through that address (never read or written as a Swift value after initialisation), so no copy of
/// the mutex is ever made.
@usableFromInline
package struct InlineLockStorage {
    fileprivate var word = 0
    fileprivate var primitive = PlatformMutex()

    @usableFromInline
    package init() {}
}

/// `Lock`'s interface over an `InlineLockStorage` stored in the object (see there); the mutex is locked
/// through a `MutexReference`. Create one with `InlineLock(in: self)` where needed: it is a pointer, free
/// to make.
///
/// The owner calls `initialize()` once in its `init` and `destroy()` in its `deinit`.
@usableFromInline
package struct InlineLock {
    /// The address of the owner's first stored property (its `InlineLockStorage`).
    @usableFromInline
    package let storage: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    package init(in object: AnyObject) {
        storage = _getUnsafePointerToStoredProperties(object)
    }

    @inlinable @inline(__always)
    var wordAddress: UnsafeMutablePointer<Int> {
        storage.assumingMemoryBound(to: Int.self)
    }

    /// The mutex, locked in place.
    @inlinable @inline(__always)
    var mutex: MutexReference {
        // The word is first and the mutex's alignment is at most a word's (checked by `isAt`).
        MutexReference((storage + MemoryLayout<Int>.stride).assumingMemoryBound(to: PlatformMutex.self))
    }

    /// Debug check that `storage` is where the owner's first stored property is.
    @usableFromInline
    package func isAt(_ address: UnsafeMutablePointer<InlineLockStorage>) -> Bool {
        UnsafeMutableRawPointer(address) == storage
            && MemoryLayout<InlineLockStorage>.offset(of: \InlineLockStorage.primitive) == MemoryLayout<Int>.stride
    }

    @inlinable @inline(__always)
    package func initialize() { mutex.initialize() }

    @inlinable @inline(__always)
    package func destroy() { mutex.destroy() }

    @inlinable @inline(__always)
    package func lock() { mutex.lock() }

    @inlinable @inline(__always)
    package func unlock() { mutex.unlock() }

    /// Runs `body` with the lock held.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try mutex.withLock(body)
    }

    /// The atomic word (acquire load).
    @inlinable @inline(__always)
    package var word: Int { rb_atomic_load_acquire(wordAddress) }

    /// Sets the atomic word (release store).
    @inlinable @inline(__always)
    package func storeWord(_ value: Int) { rb_atomic_store_release(wordAddress, value) }

    /// Replaces the atomic word with `desired` if it equals `expected`; returns whether it did.
    @inlinable @inline(__always)
    package func exchangeWord(ifEqualTo expected: Int, with desired: Int) -> Bool {
        rb_atomic_compare_exchange(wordAddress, expected, desired)
    }

    /// Replaces the atomic word with `value`; returns the value it had.
    @inlinable @inline(__always)
    package func exchangeWord(with value: Int) -> Int {
        rb_atomic_exchange(wordAddress, value)
    }

    /// Adds `delta` to the atomic word; returns the value it had before.
    @inlinable @inline(__always)
    package func fetchAddWord(_ delta: Int) -> Int { rb_atomic_fetch_add(wordAddress, delta) }

    /// Sets `bits` in the atomic word; returns the value it had before.
    @inlinable @inline(__always)
    package func fetchOrWord(_ bits: Int) -> Int { rb_atomic_fetch_or(wordAddress, bits) }

    /// As `Lock.setSubscribedFlag(_:)`.
    @inlinable @inline(__always)
    package func setSubscribedFlag(_ isSubscribed: Bool) { storeWord(isSubscribed ? 1 : 0) }

    /// As `Lock.isSubscribed`.
    @inlinable @inline(__always)
    package var isSubscribed: Bool { word != 0 }
}
