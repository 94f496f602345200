/// A subject that wraps a single value and publishes a new element whenever the value changes.
///
/// A new subscriber receives the current value on its first demand. Setting `value` (or calling
/// `send(_:)`) updates the value and publishes it.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, SubjectConduitParent, @unchecked Sendable {
    private let lock = Lock.make()
    private var conduits: [SubjectConduitBase<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreamSubscriptions: [Subscription] = []
    private var currentValue: Output
    private let conduitName: String

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public var value: Output {
        get {
            lock.lock()
            defer { lock.unlock() }
            return currentValue
        }
        set {
            send(newValue)
        }
    }

    /// Creates a current value subject with the given initial value.
    public init(_ value: Output) {
        currentValue = value
        conduitName = "CurrentValueSubject"
    }

    /// A current-value subject whose subscriptions describe themselves with `conduitName`
    /// (used by `@Published`, whose subscriptions are "PublishedSubject").
    internal init(_ value: Output, conduitName: String) {
        currentValue = value
        self.conduitName = conduitName
    }

    deinit {
        for subscription in upstreamSubscriptions { subscription.cancel() }
    }

    public func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.lock()
        if let completion = completion {
            lock.unlock()
            subscriber.receive(subscription: Subscriptions.empty)
            subscriber.receive(completion: completion)
            return
        }
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: conduitName, replaysCurrentValue: true)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
        conduit.subscriptionDelivered()
    }

    /// Sets the value and publishes it (ignored after completion).
    public func send(_ input: Output) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        currentValue = input
        let snapshot = conduits
        lock.unlock()
        for conduit in snapshot {
            conduit.offer(input)
        }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard self.completion == nil else {
            lock.unlock()
            return
        }
        self.completion = completion
        let snapshot = conduits
        conduits = []
        upstreamSubscriptions = []
        lock.unlock()
        for conduit in snapshot {
            conduit.finish(completion)
        }
    }

    func detach(_ conduit: SubjectConduitBase<Output, Failure>) {
        lock.lock()
        if let index = conduits.firstIndex(where: { $0 === conduit }) {
            conduits.remove(at: index)
        }
        lock.unlock()
    }

    func currentValueForNewDemand() -> Output? {
        lock.lock()
        defer { lock.unlock() }
        return completion == nil ? currentValue : nil
    }
}
