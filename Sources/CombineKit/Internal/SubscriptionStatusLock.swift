import ReactiveBridgePrimitives

/// What `OperatorInner`'s helpers need of a lock: a `Lock` (its own heap block) or an `InlineLock`.
internal protocol SubscriptionStatusLock {
    func lock()
    func unlock()
    func setSubscribedFlag(_ isSubscribed: Bool)
    var isSubscribed: Bool { get }
}

extension Lock: SubscriptionStatusLock {}
extension InlineLock: SubscriptionStatusLock {}
