import CombineKit
import ReactiveBridgePrimitives

/// A publisher that never fails or finishes and takes values through `accept(_:)` (the common
/// shape of `PassthroughRelay` and `CurrentValueRelay`; RxRelay's relays).
public protocol ValueRelay<Output>: AnyObject, Publisher where Failure == Never {
    /// Publishes a value to the current subscribers.
    func accept(_ value: Output)
}

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

extension Publisher where Failure == Never {
    /// Sends every value of this publisher into `relay` (RxRelay's `bind(to:)`). The publisher's
    /// completion does not reach the relay, which stays usable. Asks for unlimited values; cancel
    /// the returned cancellable to stop.
    public func subscribe<R: ValueRelay>(_ relay: R) -> AnyCancellable where R.Output == Output {
        let binding = RelayBinding(relay)
        subscribe(binding)
        return AnyCancellable(binding)
    }
}

/// Forwards values into a relay and swallows the completion.
private final class RelayBinding<Relay: ValueRelay>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Relay.Output
    typealias Failure = Never

    private let lock = Lock()
    private var relay: Relay?
    private var subscription: Subscription?
    private var ended = false

    init(_ relay: Relay) { self.relay = relay }

    var description: String { "RelayBinding" }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard !ended, self.subscription == nil else { return false }
            self.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { relay }?.accept(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        lock.withLock {
            ended = true
            relay = nil
            subscription = nil
        }
    }

    func cancel() {
        let subscription: Subscription? = lock.withLock {
            ended = true
            relay = nil
            defer { self.subscription = nil }
            return self.subscription
        }
        subscription?.cancel()
    }
}
