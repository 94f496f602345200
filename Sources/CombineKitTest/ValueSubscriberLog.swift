import CombineKit

/// What a `ValueTypeSubscriber` received, and its subscription (which the test drops to end the cycle
/// between the two). A test watches it, weakly, for the subscriber's release.
public final class ValueSubscriberLog<Input, Failure: Error>: @unchecked Sendable {
    public var values: [Input] = []
    public var completions: [Subscribers.Completion<Failure>] = []
    public var subscription: Subscription?

    public init() {}
}
