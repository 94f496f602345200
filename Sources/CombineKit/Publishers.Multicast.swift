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

    /// A publisher that shares the output of an upstream publisher with multiple subscribers.
    ///
    /// It is `multicast(PassthroughSubject())` followed by `autoconnect()`, created once per
    /// `Share` instance (a class): values are not replayed to late subscribers.
    public final class Share<Upstream: Publisher>: Publisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream
        private let inner: Autoconnect<Multicast<Upstream, PassthroughSubject<Output, Failure>>>

        public init(upstream: Upstream) {
            self.upstream = upstream
            self.inner = upstream.multicast(subject: PassthroughSubject()).autoconnect()
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.receive(subscriber: subscriber)
        }

        public static func == (lhs: Share, rhs: Share) -> Bool {
            lhs === rhs
        }
    }
}

extension Publisher {
    /// Shares the output of an upstream publisher with multiple subscribers (no replay).
    public func share() -> Publishers.Share<Self> {
        Publishers.Share(upstream: self)
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
