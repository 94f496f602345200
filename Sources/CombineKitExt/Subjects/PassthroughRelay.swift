import CombineKit

/// A relay without a current value (RxRelay's `PublishRelay`): a `PassthroughSubject` that can
/// neither fail nor finish. Like CombineKit's subject, it drops a value for a subscriber that has no
/// outstanding demand.
public final class PassthroughRelay<Output>: ValueRelay, @unchecked Sendable {
    public typealias Failure = Never
    private let subject = PassthroughSubject<Output, Never>()

    /// Creates a relay.
    public init() {}

    /// Publishes `value` to the subscribers that have demand.
    public func accept(_ value: Output) { subject.send(value) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subject.subscribe(subscriber)
    }
}
