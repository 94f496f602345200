/// Shared plumbing for the inner objects of operators: every inner is a final class that is both the
/// upstream's `Subscriber` and the downstream's `Subscription`, and keeps its `SubscriptionStatus`
/// under its own lock. These helpers take and release the lock; none calls out while holding it.
///
/// Every assignment to `status` is followed, under the lock, by `lock.setSubscribedFlag(_:)` with the
/// matching flag: the lock's atomic word mirrors "subscribed?", which `isActive()` (the per-value check)
/// reads without taking the lock. Debug builds check the mirror against `status` in `isActive()`.
internal protocol OperatorInner: AnyObject, Subscription {
    /// `Lock` or, where the inner keeps the lock in its own storage, `InlineLock` (one heap block less).
    associatedtype StatusLock: SubscriptionStatusLock
    var lock: StatusLock { get }
    var status: SubscriptionStatus { get set }
}

extension OperatorInner {
    /// Stores the first upstream subscription; any later one is cancelled and `false` returned.
    @inline(__always)
    func acceptSubscription(_ subscription: Subscription) -> Bool {
        lock.lock()
        guard status.storeIfAwaiting(subscription) else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        lock.setSubscribedFlag(true)
        lock.unlock()
        return true
    }

    /// Whether values may still flow (subscribed and not terminal): one atomic load of the mirror kept in
    /// the lock's word (`Lock.setSubscribedFlag(_:)`), no lock/unlock pair.
    @inline(__always)
    func isActive() -> Bool {
        assert(mirrorMatchesStatus(), "\(Self.self): status assigned without lock.setSubscribedFlag(_:)")
        return lock.isSubscribed
    }

    /// Debug check: the mirror agrees with `status` (both read under the lock).
    func mirrorMatchesStatus() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return lock.isSubscribed == status.isSubscribed
    }

    /// Moves to the terminal state; returns `true` if it was subscribed (so the caller may complete downstream).
    @inline(__always)
    func markTerminal() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard status.isSubscribed else { return false }
        status = .terminal
        lock.setSubscribedFlag(false)
        return true
    }

    /// Moves to the terminal state; returns `true` unless it already was terminal. For the operators that, as
    /// Combine's do, pass downstream a completion that comes before their upstream subscription (encode,
    /// decode, handleEvents, collect(_:)): it is the stream's one terminal event, and `acceptSubscription`
    /// cancels a subscription that arrives after it.
    @inline(__always)
    func markTerminalEvenBeforeSubscription() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !status.isTerminal else { return false }
        status = .terminal
        lock.setSubscribedFlag(false)
        return true
    }

    /// Moves to the terminal state and cancels the upstream; returns `true` if it was subscribed.
    @inline(__always)
    func terminateAndCancelUpstream() -> Bool {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return false
        }
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        subscription.cancel()
        return true
    }

    /// Forwards a (positive) demand to the upstream.
    @inline(__always)
    func forwardRequest(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        forwardAnyRequest(demand)
    }

    /// Forwards any demand, `.none` included, to the upstream (operators that pass Combine's
    /// `request(.none)` on, as Combine's do).
    @inline(__always)
    func forwardAnyRequest(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let subscription = status.copySubscription() else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    /// Cancels the upstream once; idempotent. The subscription is moved out of `status` (`take()`), not
    /// copied, so the cancel path costs no retain/release pair of its own.
    @inline(__always)
    func forwardCancel() {
        lock.lock()
        let previous = status.take()
        lock.setSubscribedFlag(false)
        lock.unlock()
        if case .subscribed(let subscription) = consume previous { subscription.cancel() }
    }

    /// Forwards a request and, as Combine's prefix(while:), tryFilter, removeDuplicates and the like do, traps
    /// when it comes before the subscription (ignored after the end).
    func forwardRequestRequiringSubscription(_ demand: Subscribers.Demand, name: String) {
        demand.assertNonZero()
        lock.lock()
        let subscription = status.copySubscription()
        let awaiting = subscription == nil && !status.isTerminal
        lock.unlock()
        precondition(!awaiting, "\(name) was asked for demand before it had a subscription: call request(_:) on the subscription handed to receive(subscription:), after that call")
        subscription?.request(demand)
    }

    /// Outside the per-value path: traps, as those operators do, if an event came before the subscription.
    @inline(never)
    func preconditionSubscribed(_ name: String, received event: StaticString) {
        lock.lock()
        let awaiting = !status.isSubscribed && !status.isTerminal
        lock.unlock()
        precondition(!awaiting, "\(name) received \(event) before a subscription: a publisher must call receive(subscription:) on its subscriber first")
    }
}

extension OperatorInner {
    /// `cancel()` as Combine's reducing operators, `output(in:)`, `collect(_:)`, `tryScan` and the pass-through
    /// operators that hand the downstream their subscription from `receive(subscription:)` (tryMap,
    /// drop(while:), encode, decode, replaceError, receive(on:), subscribe(on:)) take it: before the upstream
    /// subscription arrived it is ignored (only the upstream holds the inner then, since the downstream gets it
    /// with that subscription, which is still accepted when it comes); otherwise as `forwardCancel()`.
    @inline(__always)
    func forwardCancelUnlessAwaitingSubscription() {
        lock.lock()
        if case .awaitingSubscription = status {
            lock.unlock()
            return
        }
        let previous = status.take()
        lock.setSubscribedFlag(false)
        lock.unlock()
        if case .subscribed(let subscription) = consume previous { subscription.cancel() }
    }
}
