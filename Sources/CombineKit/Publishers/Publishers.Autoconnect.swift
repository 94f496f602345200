import ReactiveBridgePrimitives

extension ConnectablePublisher {
    /// Automates the process of connecting or disconnecting from this connectable publisher: it
    /// connects when the first subscriber attaches and disconnects when the last one goes.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

extension Publishers {
    /// A publisher that automatically connects to an upstream connectable publisher: on the first
    /// subscription it connects, and it disconnects when every subscription has ended.
    ///
    /// Connecting and disconnecting are serialised: one thread at a time makes a transition (outside the
    /// lock: `connect()` and `cancel()` run upstream code), and a subscriber count that changes meanwhile
    /// is settled by that thread when its transition ends. So a new connection is made only after the
    /// previous one's cancel has returned — the two never feed the shared subject at once, which would hand
    /// a subscriber the same upstream value twice.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream
        private let lock = Lock()
        // Guarded by `lock`.
        private var connection: Cancellable?
        private var subscriberCount = 0
        /// Whether a thread is connecting or disconnecting (see the class).
        private var isTransitioning = false

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            subscriberCount += 1
            lock.unlock()
            upstream.subscribe(AutoconnectInner(parent: self, downstream: subscriber))
            settle()
        }

        fileprivate func subscriberEnded() {
            lock.lock()
            subscriberCount -= 1
            lock.unlock()
            settle()
        }

        /// Connects while someone is subscribed and nothing is connected, disconnects while nobody is and
        /// something is — unless another thread is making a transition, which then settles this change too.
        private func settle() {
            lock.lock()
            guard !isTransitioning else {
                lock.unlock()
                return
            }
            while true {
                if subscriberCount > 0 && connection == nil {
                    isTransitioning = true
                    lock.unlock()
                    let made = upstream.connect()
                    lock.lock()
                    connection = made
                    isTransitioning = false
                } else if subscriberCount == 0, let current = connection {
                    connection = nil
                    isTransitioning = true
                    lock.unlock()
                    current.cancel()
                    lock.lock()
                    isTransitioning = false
                } else {
                    break
                }
            }
            lock.unlock()
        }
    }
}

private final class AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let parent: Publishers.Autoconnect<Upstream>
    private let downstream: Downstream
    private var ended = false

    init(parent: Publishers.Autoconnect<Upstream>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    var description: String { "Autoconnect" }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

    private func end() {
        lock.lock()
        let first = !ended
        ended = true
        lock.unlock()
        if first { parent.subscriberEnded() }
    }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard markTerminal() else { return }
        downstream.receive(completion: completion)
        end()
    }

    func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

    func cancel() {
        forwardCancel()
        end()
    }
}

extension AutoconnectInner: PlaygroundShowsDescription {}
