import ReactiveBridgeAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A non-recursive mutual-exclusion lock: `os_unfair_lock` on Apple platforms, `pthread_mutex_t` elsewhere.
///
/// Rule of the house: never call user code or a downstream observer while holding one of these.
/// Take what you need under the lock, release it, then call out.
///
/// Exposed as SPI (`@_spi(ReactiveBridgeInternals) import RxKit`) for the bridge module only.
@_spi(ReactiveBridgeInternals)
public final class Lock: @unchecked Sendable {
    #if canImport(Darwin)
    private let mutex: UnsafeMutablePointer<os_unfair_lock>
    #else
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    public init() {
        mutex = .allocate(capacity: 1)
        #if canImport(Darwin)
        mutex.initialize(to: os_unfair_lock())
        #else
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        #endif
    }

    deinit {
        #if !canImport(Darwin)
        pthread_mutex_destroy(mutex)
        #endif
        mutex.deinitialize(count: 1)
        mutex.deallocate()
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

/// A Boolean that flips from `false` to `true` exactly once, safely across threads, without a lock:
/// reading it (done on every event by sinks and closure observers) is a single acquire load.
final class OnceFlag: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Int>

    init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: 0)
    }

    deinit {
        storage.deallocate()
    }

    @inline(__always)
    var isSet: Bool { rb_atomic_load_acquire(storage) != 0 }

    /// Sets the flag; returns `true` only for the caller that flipped it.
    @inline(__always)
    @discardableResult
    func set() -> Bool {
        rb_atomic_exchange(storage, 1) == 0
    }
}

typealias ThreadID = pthread_t

@inline(__always)
func currentThreadID() -> ThreadID { pthread_self() }

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
