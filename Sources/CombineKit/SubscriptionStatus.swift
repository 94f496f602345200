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

    /// Moves to `.terminal`, handing back the subscription if there was one (moved out, not copied: an
    /// existential copy and destroy each go through the value witnesses of its dynamic type).
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
