/// The explicit state machine shared by every operator's inner object: it first waits for its
/// upstream subscription, then is subscribed, and finally reaches a terminal state (completed or
/// cancelled) after which it ignores everything.
internal enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal

    // The two checks below look at the enum in place (`consume self`, then put back: a move), for the reason
    // given further down: matching `self` in a plain getter copied the address-only enum first (an outlined
    // copy through the existential's value witnesses, a retain) and destroyed the copy after (a release), on
    // every value and cancel of the operators that check their state per value.
    @inline(__always) var isSubscribed: Bool {
        mutating get {
            switch consume self {
            case .subscribed(let subscription):
                self = .subscribed(subscription)
                return true
            case let other:
                self = other
                return false
            }
        }
    }

    @inline(__always) var subscription: Subscription? {
        if case .subscribed(let subscription) = self { return subscription }
        return nil
    }

    /// Moves to `.terminal`, handing back the subscription if there was one. For rare paths: a
    /// `Subscription?` is copied and destroyed through the runtime's generic value witnesses, so frequent
    /// paths bind the subscription with `guard case .subscribed(let subscription) = status` instead.
    @inline(__always) mutating func terminate() -> Subscription? {
        switch consume self {
        case .subscribed(let subscription):
            self = .terminal
            return subscription
        case .awaitingSubscription, .terminal:
            self = .terminal
            return nil
        }
    }

    // The three helpers below work on the enum in place (`consume self`, `swap`) rather than matching a
    // copy of it: `Subscription` is an opaque existential, so the enum is address-only and `guard case
    // .awaitingSubscription = status` or `guard case .subscribed(let subscription) = status` on a stored
    // property first copies the whole enum (an outlined copy through the existential's value witnesses, a
    // retain) and then destroys that copy (a release). On the subscribe and cancel paths of every operator
    // those pairs add up (a chain of n operators makes n subscriptions and n cancels).

    /// Stores `subscription` if still awaiting one and returns `true`; otherwise leaves the state as it was
    /// and returns `false`. Checks the state without copying it.
    @inline(__always) mutating func storeIfAwaiting(_ subscription: Subscription) -> Bool {
        switch consume self {
        case .awaitingSubscription:
            self = .subscribed(subscription)
            return true
        case let other:
            self = other
            return false
        }
    }

    /// A copy of the subscription if subscribed (one retain, for calling it after the lock is released),
    /// without copying the enum around it.
    @inline(__always) mutating func copySubscription() -> Subscription? {
        switch consume self {
        case .subscribed(let subscription):
            self = .subscribed(subscription)
            return subscription
        case let other:
            self = other
            return nil
        }
    }

    /// Moves to `.terminal` and hands back the previous state by move: the subscription in it is neither
    /// retained nor released here (the caller matches the result with `if case .subscribed(let
    /// subscription) = consume previous`).
    @inline(__always) mutating func take() -> SubscriptionStatus {
        var previous = SubscriptionStatus.terminal
        swap(&self, &previous)
        return previous
    }

    @inline(__always) var isTerminal: Bool {
        mutating get {
            switch consume self {
            case .terminal:
                self = .terminal
                return true
            case let other:
                self = other
                return false
            }
        }
    }
}
