#if canImport(Darwin)
import Darwin
#else
import ReactiveBridgeAtomics
#endif

/// The platform's mutex, one 32-bit word that is unlocked when zero: `os_unfair_lock` on Apple platforms,
/// elsewhere the package's own mutex (`rb_mutex_t` in ReactiveBridgeAtomics, futex-based on Linux: locking and
/// unlocking are one atomic operation each, inlined, with a system call only when a thread has to sleep
/// or be woken). Neither is recursive; neither needs destroying.
#if canImport(Darwin)
@usableFromInline
package typealias PlatformMutex = os_unfair_lock
#else
@usableFromInline
package typealias PlatformMutex = rb_mutex_t
#endif

/// The package's lock: a non-recursive mutex at a fixed address, locked and unlocked in place. Every lock in
/// the package goes through this type but one (`RecursiveLock`, for the rare place that must stay serialised
/// across a call that can come back in on the same thread); where the mutex lives is the owner's choice:
/// - in a `Lock`, an object of its own (one heap block);
/// - inside the object it guards, between two sentinel words (`InlineMutex`: RxKit's locking nodes,
///   disposables and shares), or as its first stored property (`InlineLock`: CombineKit's subscriptions).
///
/// Rule of the house: never call user code or a downstream subscriber while holding it. Take what you need
/// under the lock, release it, then call out.
///
/// The mutex must outlive every use of a reference to it: its owner is an object, which never moves.
@usableFromInline
package struct MutexReference: @unchecked Sendable {
    @usableFromInline
    let mutex: UnsafeMutablePointer<PlatformMutex>

    @inlinable @inline(__always)
    package init(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
        self.mutex = mutex
    }

    /// A stand-in for an initialiser that learns its mutex's address only after its superclass's (see
    /// RxKit's `SubjectHub.init`); never locked.
    @inlinable
    package static var unset: MutexReference {
        MutexReference(UnsafeMutablePointer(bitPattern: MemoryLayout<PlatformMutex>.alignment)!)
    }

    /// Initialises the mutex, unlocked (stores zero). Once, before the first `lock()`.
    @inlinable @inline(__always)
    package func initialize() {
        mutex.initialize(to: PlatformMutex())
    }

    /// The counterpart of `initialize()`, once nothing will lock the mutex again. Neither platform's mutex
    /// holds a resource, so it does nothing; owners still pair it with `initialize()`.
    @inlinable @inline(__always)
    package func destroy() {}

    @inlinable @inline(__always)
    package func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        rb_mutex_lock(mutex)
        #endif
    }

    @inlinable @inline(__always)
    package func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        rb_mutex_unlock(mutex)
        #endif
    }

    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock in a heap block of its own: the mutex (a `MutexReference` to it does the locking) and, before
/// it, one atomic word.
///
/// The word lets the per-value path of the object that owns the lock answer its question ("still
/// subscribed?", "may I deliver now?") with one atomic operation instead of a lock/unlock pair. Its
/// meaning is the owner's; the owner changes it only in ways that keep it consistent with the state the
/// lock guards (see `setSubscribedFlag(_:)`).
///
/// Layout: the word, the mutex and a tail word, the object's three stored properties in this order (the
/// layout `InlineMutex` describes, at offset 0): `init` checks the two sentinels the word and the tail
/// start with, then zeroes the word and initialises the mutex; Swift code never touches the three
/// properties again.
@usableFromInline
package final class Lock: @unchecked Sendable {
    private var headWord = InlineWord.sentinel
    private var storage = PlatformMutex()
    private var tailWord = InlineWord.sentinel

    @usableFromInline
    package init() {
        InlineMutex.setUpKeepingHeadWord(self, owner: "Lock")
    }

    deinit {
        reference.destroy()
    }

    /// The mutex, locked in place (RxKit's share connections lock their share's lock so).
    @inlinable @inline(__always)
    package var reference: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: 0)) }

    @inlinable @inline(__always)
    package func lock() {
        reference.lock()
    }

    @inlinable @inline(__always)
    package func unlock() {
        reference.unlock()
    }

    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try reference.withLock(body)
    }

    /// The atomic word (acquire load).
    @inlinable @inline(__always)
    package var word: Int { InlineWord.load(self) }

    /// Sets the atomic word (release store).
    @inlinable @inline(__always)
    package func storeWord(_ value: Int) { InlineWord.store(self, value) }

    /// Replaces the atomic word with `desired` if it equals `expected`; returns whether it did.
    @inlinable @inline(__always)
    package func exchangeWord(ifEqualTo expected: Int, with desired: Int) -> Bool {
        InlineWord.compareExchange(self, expected: expected, desired: desired)
    }

    /// Adds `delta` to the atomic word; returns the value it had before.
    @inlinable @inline(__always)
    package func fetchAddWord(_ delta: Int) -> Int { InlineWord.fetchAdd(self, delta) }

    /// Mirrors "subscribed?" of the subscription status this lock guards in the atomic word (1 while
    /// subscribed, 0 otherwise), so that the per-value path can ask without taking the lock. Every
    /// assignment to such a status is followed, under the lock, by this call with the matching flag.
    /// (A `didSet` would do it for every assignment, but turns each one into a setter call that copies
    /// the status — measurable on the subscribe/cancel path.)
    @inlinable @inline(__always)
    package func setSubscribedFlag(_ isSubscribed: Bool) { storeWord(isSubscribed ? 1 : 0) }

    /// The flag last set by `setSubscribedFlag(_:)`, read without the lock (acquire load): a value that
    /// races a cancel may still pass, exactly as when the status was read under the lock and the lock
    /// released before the call.
    @inlinable @inline(__always)
    package var isSubscribed: Bool { word != 0 }
}
