import ReactiveBridgePrimitives

/// A publisher that exposes a method for outside callers to publish elements.
public protocol Subject<Output, Failure>: AnyObject, Publisher {
    /// Sends a value to the subscriber.
    func send(_ value: Output)
    /// Sends a completion signal to the subscriber.
    func send(completion: Subscribers.Completion<Failure>)
    /// Provides this subject with a subscription (the subject requests `.unlimited` from it).
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends a void value to the subscriber.
    public func send() {
        send(())
    }
}

extension Publisher {
    /// Attaches the specified subject to this publisher; the returned cancellable cancels the upstream.
    ///
    /// As Combine's, the subscription holds the subject weakly: the subject stays as long as its owner
    /// (or a subscriber of it) keeps it, and when it goes, it cancels the upstream subscription.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where Failure == S.Failure, Output == S.Output {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}

/// Forwards an upstream publisher's events into a subject, which it holds weakly (as Combine's
/// `SubjectSubscriber`): the subject keeps this subscription (`send(subscription:)`), not the reverse, and
/// cancels it when it is deinitialised.
internal final class SubjectSubscriber<Downstream: Subject>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable {
    typealias Input = Downstream.Output
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private weak var subject: Downstream?
    @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription

    init(_ subject: Downstream) {
        self.subject = subject
    }

    var description: String { "Subject" }
    var customMirror: Mirror { Mirror(self, children: ["downstreamSubject": subject as Any, "upstreamSubscription": status.subscription as Any]) }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status, let subject = subject else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.setSubscribedFlag(true)
        lock.unlock()
        subject.send(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = status, let subject = subject else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        subject.send(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard case .subscribed = status, let subject = subject else {
            lock.unlock()
            return
        }
        status = .terminal
        lock.setSubscribedFlag(false)
        self.subject = nil
        lock.unlock()
        subject.send(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    func cancel() {
        lock.lock()
        let subscription = status.subscription
        status = .terminal
        lock.setSubscribedFlag(false)
        subject = nil
        lock.unlock()
        subscription?.cancel()
    }
}
