import ReactiveBridgePrimitives

extension Publisher {
    /// Applies a closure to create a subject that delivers elements to subscribers. The closure is
    /// called once, when the first subscriber attaches or on `connect()`.
    public func multicast<S: Subject>(_ createSubject: @escaping () -> S) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
        Publishers.Multicast(upstream: self, createSubject: createSubject)
    }

    /// Provides a subject to deliver elements to multiple subscribers.
    public func multicast<S: Subject>(subject: S) -> Publishers.Multicast<Self, S> where Failure == S.Failure, Output == S.Output {
        Publishers.Multicast(upstream: self) { subject }
    }
}

extension Publishers {
    /// A publisher that uses a subject to deliver elements to multiple subscribers; the upstream is
    /// subscribed (with the subject) only on `connect()`.
    public final class Multicast<Upstream: Publisher, SubjectType: Subject>: ConnectablePublisher where Upstream.Failure == SubjectType.Failure, Upstream.Output == SubjectType.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher that this publisher receives elements from.
        public final let upstream: Upstream
        /// A closure to create a new Subject each time a subscriber attaches to the multicast publisher.
        public final let createSubject: () -> SubjectType
        private let lock = Lock()
        private var lazySubject: SubjectType?

        public init(upstream: Upstream, createSubject: @escaping () -> SubjectType) {
            self.upstream = upstream
            self.createSubject = createSubject
        }

        private var subject: SubjectType {
            lock.lock()
            if let subject = lazySubject {
                lock.unlock()
                return subject
            }
            lock.unlock()
            let created = createSubject()
            lock.lock()
            defer { lock.unlock() }
            if let subject = lazySubject { return subject }
            lazySubject = created
            return created
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subject.subscribe(MulticastInner(downstream: subscriber))
        }

        public func connect() -> Cancellable {
            upstream.subscribe(subject)
        }
    }
}

/// A subscriber of the subject, and its downstream's subscription. As Combine's: the demand the downstream
/// returns from `receive(_:)` is requested from the subject's subscription (and `.none` returned), demand
/// (`.none` included) passes straight to it, and it shows as "Multicast" with no mirror children.
private final class MulticastInner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "Multicast" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard let subscription = status.copySubscription() else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        let more = downstream.receive(input)
        if more > .none { subscription.request(more) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if markTerminal() { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) { forwardAnyRequest(demand) }

    func cancel() { forwardCancel() }
}

extension MulticastInner: PlaygroundShowsDescription {}
