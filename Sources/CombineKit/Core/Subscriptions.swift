/// A namespace for symbols related to subscriptions.
public enum Subscriptions {
    /// The empty subscription: ignores requests and cancellation.
    public static var empty: Subscription {
        EmptySubscription.shared
    }
}

internal final class EmptySubscription: Subscription, CustomStringConvertible, Sendable {
    static let shared = EmptySubscription()
    let combineIdentifier = CombineIdentifier()
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
    var description: String { "Empty" }
}

// Combine's empty subscription reflects as "Empty" with no children.
extension EmptySubscription: CustomReflectable, PlaygroundShowsDescription {
    var customMirror: Mirror { Mirror(self, children: [:]) }
}
