/// The explicit state machine shared by every operator's inner object: it first waits for its
/// upstream subscription, then is subscribed, and finally reaches a terminal state (completed or
/// cancelled) after which it ignores everything.
internal enum SubscriptionStatus {
    case awaitingSubscription
    case subscribed(Subscription)
    case terminal

    @inline(__always) var isSubscribed: Bool {
        if case .subscribed = self { return true }
        return false
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

    @inline(__always) var isTerminal: Bool {
        if case .terminal = self { return true }
        return false
    }
}
