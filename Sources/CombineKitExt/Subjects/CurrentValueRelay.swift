import CombineKit

/// A relay with a current value (RxRelay's `BehaviorRelay`): a `CurrentValueSubject` that can
/// neither fail nor finish. A subscriber gets the current value on its first demand.
public final class CurrentValueRelay<Output>: ValueRelay, @unchecked Sendable {
    public typealias Failure = Never
    private let subject: CurrentValueSubject<Output, Never>

    /// Creates a relay holding `value`.
    public init(_ value: Output) { subject = CurrentValueSubject(value) }

    /// The current value (RxRelay's `BehaviorRelay.value`).
    public var value: Output { subject.value }

    /// Replaces the current value and publishes it.
    public func accept(_ value: Output) { subject.send(value) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subject.subscribe(subscriber)
    }
}
