import ReactiveBridgeAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The platform's mutex: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
#if canImport(Darwin)
typealias PlatformMutex = os_unfair_lock
#else
typealias PlatformMutex = pthread_mutex_t
#endif

/// Initialises the mutex at `mutex` (non-recursive).
@inline(__always)
func initializeMutex(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    #if canImport(Darwin)
    mutex.initialize(to: os_unfair_lock())
    #else
    let status = pthread_mutex_init(mutex, nil)
    precondition(status == 0, "pthread_mutex_init failed with \(status)")
    #endif
}

@inline(__always)
func destroyMutex(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
    #if !canImport(Darwin)
    pthread_mutex_destroy(mutex)
    #endif
}

/// The layout of a mutex kept inside an object (`Lock`, `LockingObserverNode`, a share, the disposables that lock):
/// three stored properties declared in this order — `InlineWord.sentinel`, `PlatformMutex()`,
/// `InlineWord.sentinel` — starting `head` bytes into the object's stored properties. Swift lays out a
/// class's stored properties after its superclass's, in declaration order, so `head` is known where the
/// class is defined; `setUp` checks both sentinels, so a layout surprise stops the program with a message
/// instead of corrupting a property. After `setUp` the head word records whether the mutex was initialised
/// (for `tearDown`); Swift code never touches the three properties again. (`Lock` uses the arithmetic only:
/// it checks its own layout, and its head word becomes its subclasses' spare word.)
enum InlineMutex {
    static func mutexOffset(head: Int) -> Int {
        roundUp(head + MemoryLayout<Int>.size, to: MemoryLayout<PlatformMutex>.alignment)
    }

    static func tailOffset(head: Int) -> Int {
        roundUp(mutexOffset(head: head) + MemoryLayout<PlatformMutex>.size, to: MemoryLayout<Int>.alignment)
    }

    /// `head` for a root class whose first stored property is a `ResourceTracking` (a word in debug
    /// builds, nothing in release ones) and whose inline mutex's three properties follow it (an
    /// `Observable` subclass's too: `Observable`'s only stored property is one).
    static var headAfterResourceTracking: Int {
        roundUp(MemoryLayout<ResourceTracking>.size, to: MemoryLayout<Int>.alignment)
    }

    /// The first offset at or after `value` that `alignment` allows.
    static func roundUp(_ value: Int, to alignment: Int) -> Int {
        (value + alignment - 1) / alignment * alignment
    }

    @inline(__always)
    static func mutex(in object: AnyObject, head: Int) -> UnsafeMutablePointer<PlatformMutex> {
        (UnsafeMutableRawPointer(InlineWord.address(of: object)) + mutexOffset(head: head))
            .assumingMemoryBound(to: PlatformMutex.self)
    }

    /// Checks the layout (`owner` names the class in the message), then initialises the mutex if
    /// `initializing`. Call once, at the end of the owner's `init`.
    @inline(__always)
    static func setUp(_ object: AnyObject, head: Int, initializing: Bool, owner: StaticString) {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: object))
        guard base.load(fromByteOffset: head, as: Int.self) == InlineWord.sentinel,
              base.load(fromByteOffset: tailOffset(head: head), as: Int.self) == InlineWord.sentinel
        else {
            preconditionFailure("\(owner): the inline mutex is not between its two sentinel words (did the stored properties before it change? Its head offset must follow them)")
        }
        base.storeBytes(of: initializing ? 1 : 0, toByteOffset: head, as: Int.self)
        if initializing { initializeMutex(mutex(in: object, head: head)) }
    }

    /// Destroys the mutex if `setUp` initialised it. Call from the owner's `deinit`.
    @inline(__always)
    static func tearDown(_ object: AnyObject, head: Int) {
        let base = UnsafeMutableRawPointer(InlineWord.address(of: object))
        if base.load(fromByteOffset: head, as: Int.self) != 0 { destroyMutex(mutex(in: object, head: head)) }
    }
}

/// A mutex kept inside an object that outlives every use of this value (a `Lock`, or a
/// `LockingObserverNode`'s own): its address, locked and unlocked in place.
@_spi(ReactiveBridgeInternals)
public struct MutexReference: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<PlatformMutex>

    @inline(__always)
    init(_ mutex: UnsafeMutablePointer<PlatformMutex>) {
        self.mutex = mutex
    }

    /// A stand-in for an initialiser that learns its mutex's address only after its superclass's (see
    /// `SubjectHub.init`); never locked.
    static var unset: MutexReference {
        MutexReference(UnsafeMutablePointer(bitPattern: MemoryLayout<PlatformMutex>.alignment)!)
    }

    @inline(__always)
    public func lock() {
        #if canImport(Darwin)
        os_unfair_lock_lock(mutex)
        #else
        pthread_mutex_lock(mutex)
        #endif
    }

    @inline(__always)
    public func unlock() {
        #if canImport(Darwin)
        os_unfair_lock_unlock(mutex)
        #else
        pthread_mutex_unlock(mutex)
        #endif
    }

    @inline(__always)
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A non-recursive mutual-exclusion lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// Rule of the house: never call user code or a downstream observer while holding one of these.
/// Take what you need under the lock, release it, then call out.
///
/// Exposed as SPI (`@_spi(ReactiveBridgeInternals) import RxKit`) for the bridge module only.
///
/// Not final so that an RxKit object guarded by a lock of its own can *be* the lock (one allocation
/// instead of two: `BoxedSerialDrain`); its methods are final.
/// (A node that needs a lock of its own holds its mutex inline instead: `LockingObserverNode`.)
@_spi(ReactiveBridgeInternals)
public class Lock: @unchecked Sendable {
    private typealias Mutex = PlatformMutex

    // The mutex lives inside this object (one allocation per lock, not two), between two sentinel words
    // that `init` checks, so its address is known: see `InlineWord`. None of the three is touched through
    // Swift after `init`.
    private var headWord = InlineWord.sentinel
    private var storage = Mutex()
    private var tailWord = InlineWord.sentinel

    /// The mutex: right after the head word, at the next offset its alignment allows (Swift lays out
    /// stored properties in declaration order).
    @inline(__always)
    private var mutex: UnsafeMutablePointer<Mutex> { InlineMutex.mutex(in: self, head: 0) }

    /// The head word, free after `init` (which checks the layout with it and zeroes it): a subclass may
    /// use it as an atomic word of its own (`InlineDelivery` in the flattening sinks' group).
    final var spareWord: UnsafeMutablePointer<Int> { InlineWord.address(of: self) }

    public init() {
        let tail = UnsafeMutableRawPointer(InlineWord.address(of: self)) + InlineMutex.tailOffset(head: 0)
        precondition(
            tail.load(as: Int.self) == InlineWord.sentinel,
            "Lock: the mutex is not where it was expected between the two sentinel words"
        )
        InlineWord.initialize(self)
        initializeMutex(mutex)
    }

    deinit {
        destroyMutex(mutex)
    }

    /// This lock's mutex, to lock in place (a share's connection locks its share's lock so).
    final var reference: MutexReference { MutexReference(mutex) }

    @inline(__always)
    public final func lock() {
        reference.lock()
    }

    @inline(__always)
    public final func unlock() {
        reference.unlock()
    }

    @inline(__always)
    public final func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try reference.withLock(body)
    }
}

/// A Boolean that flips from `false` to `true` exactly once, safely across threads, without a lock:
/// reading it (done on every event by sinks and closure observers) is a single acquire load. The word is
/// inline (see `InlineWord`), so a flag is one allocation.
///
/// Exposed as SPI (`@_spi(ReactiveBridgeInternals) import RxKit`) for the bridge module only.
@_spi(ReactiveBridgeInternals)
public final class OnceFlag: @unchecked Sendable {
    private var word = InlineWord.sentinel

    public init() {
        InlineWord.initialize(self)
    }

    @inline(__always)
    public var isSet: Bool { InlineWord.load(self) != 0 }

    /// Sets the flag; returns `true` only for the caller that flipped it.
    @inline(__always)
    @discardableResult
    public func set() -> Bool {
        InlineWord.fetchOr(self, 1) == 0
    }
}

typealias ThreadID = pthread_t

@inline(__always)
func currentThreadID() -> ThreadID { pthread_self() }

/// The calling thread's identity as an integer (its `pthread_t`), for telling threads apart. SPI for the
/// bridge, whose Rx→Combine subscription lets the thread inside the subscriber's `receive(subscription:)`
/// deliver (see `ObservableSubscription`).
@_spi(ReactiveBridgeInternals)
@inlinable @inline(__always)
public func currentThreadIdentity() -> Int { Int(bitPattern: pthread_self()) }

@inline(__always)
func isSameThread(_ a: ThreadID?, _ b: ThreadID) -> Bool {
    guard let a else { return false }
    return pthread_equal(a, b) != 0
}

/// Carries a value across an isolation boundary the compiler cannot see through (a dispatch queue,
/// a thread). Every use site is responsible for the value being used without data races, which RxKit
/// guarantees by serialising delivery per observer.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// A lock-free state word stored *inside* the object that uses it, so a flag or a small state machine
/// costs no allocation of its own (`OnceFlag` and `Lock` each allocate two blocks: the object and the
/// word or mutex it points to). Subscription-heavy code — a sink per operator per subscription, and a
/// `SinkLink` or closure subscription per subscriber — pays that on every `subscribe`.
///
/// How: the word is the object's *first* stored property, an `Int` in a root class (no superclass),
/// declared with `InlineWord.sentinel` as its initial value and never read or written by Swift code
/// afterwards. The stored properties of a Swift class start right after the object header, in
/// declaration order, so `_getUnsafePointerToStoredProperties` is its address (the technique
/// swift-atomics' `ManagedAtomic` uses for its inline storage). `initialize(_:)` checks that the
/// sentinel is really there — a precondition, so a layout surprise stops the program instead of
/// corrupting another property — and stores 0.
///
/// SPI (`@_spi(ReactiveBridgeInternals)`) for the bridge's subscription objects.
@_spi(ReactiveBridgeInternals)
public enum InlineWord {
    /// The initial value of the property that holds the word; `initialize(_:)` replaces it with 0.
    public static let sentinel = 0x5EED_F1A6  // fits a 32-bit Int too

    @inlinable @inline(__always)
    public static func address(of object: AnyObject) -> UnsafeMutablePointer<Int> {
        _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
    }

    /// Call at the end of the owner's `init`: checks the word is where it is looked for, then zeroes it.
    @inlinable @inline(__always)
    public static func initialize(_ object: AnyObject) {
        let word = address(of: object)
        precondition(
            word.pointee == sentinel,
            "InlineWord: the state word must be the first stored property of a root class, initialised to InlineWord.sentinel"
        )
        rb_atomic_store_release(word, 0)
    }

    @inlinable @inline(__always)
    public static func load(_ object: AnyObject) -> Int {
        rb_atomic_load_acquire(address(of: object))
    }

    /// Sets `bits`; returns the word as it was before.
    @inlinable @inline(__always)
    public static func fetchOr(_ object: AnyObject, _ bits: Int) -> Int {
        rb_atomic_fetch_or(address(of: object), bits)
    }

    /// Stores `value` (release).
    @inlinable @inline(__always)
    public static func store(_ object: AnyObject, _ value: Int) {
        rb_atomic_store_release(address(of: object), value)
    }

    /// Adds `delta`; returns the word as it was before.
    @inlinable @inline(__always)
    public static func fetchAdd(_ object: AnyObject, _ delta: Int) -> Int {
        rb_atomic_fetch_add(address(of: object), delta)
    }

    /// Replaces `expected` with `desired` if the word holds `expected`; returns whether it did.
    @inlinable @inline(__always)
    public static func compareExchange(_ object: AnyObject, expected: Int, desired: Int) -> Bool {
        rb_atomic_compare_exchange(address(of: object), expected, desired)
    }
}
