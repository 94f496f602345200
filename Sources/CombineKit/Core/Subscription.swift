/// A protocol representing the connection of a subscriber to a publisher.
///
/// Subscriptions are class constrained because a `Subscription` has identity, defined by the
/// moment in time a particular subscriber attached to a publisher. Canceling a subscription must be
/// thread-safe and idempotent.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Tells a publisher that it may send more values to the subscriber. The demand must be positive.
    func request(_ demand: Subscribers.Demand)
}
