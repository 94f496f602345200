/// When a test observable was subscribed and unsubscribed. Same as RxTest's `Subscription`.
public struct Subscription: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// When the subscription started.
    public let subscribe: TestTime
    /// When it ended (`Int.max` while still subscribed).
    public let unsubscribe: TestTime

    /// A subscription still active, started at `subscribe`.
    public init(_ subscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = Int.max
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    public var debugDescription: String {
        let end = unsubscribe == Int.max ? "Infinity" : "\(unsubscribe)"
        return "(\(subscribe): \(end))"
    }
}
