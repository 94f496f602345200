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
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        if markTerminal() { downstream.receive(completion: completion) }
    }

    func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
    func cancel() { forwardCancel() }
}

extension MulticastInner: PlaygroundShowsDescription {}
