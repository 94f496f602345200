/// A subject that broadcasts elements to downstream subscribers.
///
/// Unlike `CurrentValueSubject`, it has no initial value or buffer of the most recently published
/// element. Values are dropped for subscribers without outstanding demand.
public final class PassthroughSubject<Output, Failure: Error>: Subject, SubjectConduitParent, @unchecked Sendable {
    private let lock = Lock.make()
    private var conduits: [SubjectConduitBase<Output, Failure>] = []
    private var completion: Subscribers.Completion<Failure>?
    private var upstreamSubscriptions: [Subscription] = []

    /// Creates a subject.
    public init() {}

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
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: "PassthroughSubject", replaysCurrentValue: false)
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: conduit)
        conduit.subscriptionDelivered()
    }

    public func send(_ input: Output) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
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

    func currentValueForNewDemand() -> Output? { nil }
}
