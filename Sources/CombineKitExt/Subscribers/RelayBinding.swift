import CombineKit
import ReactiveBridgePrimitives

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
