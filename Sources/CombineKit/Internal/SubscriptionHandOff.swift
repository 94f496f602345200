#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Which subscription's subscriber is inside `receive(subscription:)` on the calling thread (the innermost,
/// when one subscriber subscribes again from there), kept in a thread-local slot.
///
/// `CurrentValueSubject` marks its conduit while handing it over, so that a subscriber asking for values from
/// inside `receive(subscription:)` gets the current value at once, as Combine's does, while a request from
/// another thread meanwhile still waits for `receive(subscription:)` to return (no concurrent calls).
internal enum SubscriptionHandOff {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "SubscriptionHandOff: no thread-local slot left (pthread_key_create failed)")
        return key
    }()

    /// Marks `subscription` as being handed over on this thread; returns the previous mark for `end`.
    static func begin(_ subscription: AnyObject) -> UnsafeMutableRawPointer? {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(subscription).toOpaque())
        return previous
    }

    /// Restores the mark `begin` returned.
    static func end(restoring previous: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, previous)
    }

    /// Whether this thread is inside the hand-over of `subscription` (and not of one nested in it).
    static func isInProgress(for subscription: AnyObject) -> Bool {
        pthread_getspecific(key) == Unmanaged.passUnretained(subscription).toOpaque()
    }
}
