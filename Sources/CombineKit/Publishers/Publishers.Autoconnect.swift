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
    /// subscription it connects, and it disconnects when every subscriber has cancelled.
    ///
    /// As Combine's, it passes the upstream's events through as they come and hands each subscriber the
    /// upstream's subscription (wrapped, to count its cancel; it describes itself as the upstream's). A
    /// subscriber counts until it cancels: a completion does not disconnect, so once the upstream has
    /// completed, later subscribers get its completion and the upstream is not subscribed again.
    ///
    /// Connecting and disconnecting are serialised: one thread at a time makes a transition (outside the
    /// lock: `connect()` and `cancel()` run upstream code), and a subscriber count that changes meanwhile
    /// is settled by that thread when its transition ends. So a new connection is made only after the
    /// previous one's cancel has returned — the two never feed the shared subject at once, which would hand
    /// a subscriber the same upstream value twice — and a subscriber that subscribes from inside another's
    /// subscription shares its connection (Combine connects twice then, and never cancels the first).
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

        fileprivate func subscriberCancelled() {
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

/// Autoconnect's subscriber to the upstream: it passes every event through, and wraps the subscription.
private struct AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let combineIdentifier = CombineIdentifier()
    let parent: Publishers.Autoconnect<Upstream>
    let downstream: Downstream

    var description: String { "Autoconnect" }
    var customMirror: Mirror { Mirror(self, children: ["parent": parent, "downstream": downstream]) }

    func receive(subscription: Subscription) {
        downstream.receive(subscription: AutoconnectSubscription(subscription, parent: parent))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}

extension AutoconnectInner: PlaygroundShowsDescription {}

/// The upstream's subscription as an autoconnect subscriber sees it: requests pass through; the first
/// cancel also counts the subscriber out (a repeated one only reaches the upstream). It shows itself as
/// the upstream's subscription (description, combine identifier), as Combine's does.
private final class AutoconnectSubscription<Upstream: ConnectablePublisher>: Subscription, CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    private let upstreamSubscription: Subscription
    private let parent: Publishers.Autoconnect<Upstream>
    private let counted = AtomicWord()

    init(_ upstreamSubscription: Subscription, parent: Publishers.Autoconnect<Upstream>) {
        self.upstreamSubscription = upstreamSubscription
        self.parent = parent
    }

    var combineIdentifier: CombineIdentifier { upstreamSubscription.combineIdentifier }
    var description: String { String(describing: upstreamSubscription) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        upstreamSubscription.request(demand)
    }

    func cancel() {
        if counted.add(1) == 0 { parent.subscriberCancelled() }
        upstreamSubscription.cancel()
    }
}
