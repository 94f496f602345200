#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@usableFromInline
package typealias ThreadID = pthread_t

@inlinable @inline(__always)
package func currentThreadID() -> ThreadID { pthread_self() }

/// The calling thread's identity as an integer (its `pthread_t`), for telling threads apart (the bridge's
/// Rx→Combine subscription lets the thread inside the subscriber's `receive(subscription:)` deliver).
@inlinable @inline(__always)
package func currentThreadIdentity() -> Int { Int(bitPattern: pthread_self()) }

@inlinable @inline(__always)
package func isSameThread(_ a: ThreadID?, _ b: ThreadID) -> Bool {
    guard let a else { return false }
    return pthread_equal(a, b) != 0
}
