import ReactiveBridgePrimitives

/// Inners that keep their `SubscriptionStatus` under a `Lock` but follow Combine's lifecycle exactly, so
/// without `OperatorInner`'s subscribed-flag mirror and its terminal-on-cancel (the time-based operators:
/// Combine ignores a cancel before the subscription in several, and passes `request(.none)` up).
internal protocol LockedStatusInner: AnyObject {
    var lock: Lock { get }
    var status: SubscriptionStatus { get set }
}

extension LockedStatusInner {
    /// Stores the first upstream subscription and returns `true`; a later one is cancelled (as Combine does).
    func storeFirstSubscription(_ subscription: Subscription) -> Bool {
        lock.lock()
        guard status.storeIfAwaiting(subscription) else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        lock.unlock()
        return true
    }

    /// The upstream subscription while subscribed (copied out under the lock, to call after it is released).
    func currentSubscription() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        return status.copySubscription()
    }

    /// If subscribed: moves to the terminal state, runs `alsoUnderLock` (still under the lock) and hands back
    /// the upstream subscription; otherwise changes nothing and returns `nil`.
    func endIfSubscribed(_ alsoUnderLock: () -> Void = {}) -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard let subscription = status.copySubscription() else { return nil }
        status = .terminal
        alsoUnderLock()
        return subscription
    }
}
