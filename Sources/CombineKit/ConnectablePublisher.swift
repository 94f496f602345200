/// A publisher that provides an explicit means of connecting and canceling publication.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Connects to the publisher, allowing it to produce elements; cancel the result to disconnect.
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    /// Automates the process of connecting or disconnecting from this connectable publisher: it
    /// connects when the first subscriber attaches and disconnects when the last one goes.
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

extension Publisher where Failure == Never {
    /// Creates a connectable wrapper around the publisher (multicasting through a `PassthroughSubject`).
    public func makeConnectable() -> Publishers.MakeConnectable<Self> {
        Publishers.MakeConnectable(upstream: self)
    }
}

extension Publishers {
    /// A publisher that provides explicit connectability to another publisher.
    public struct MakeConnectable<Upstream: Publisher>: ConnectablePublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        private let inner: Multicast<Upstream, PassthroughSubject<Output, Failure>>

        public init(upstream: Upstream) {
            inner = upstream.multicast(subject: PassthroughSubject())
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            inner.receive(subscriber: subscriber)
        }

        public func connect() -> Cancellable {
            inner.connect()
        }
    }

    /// A publisher that automatically connects to an upstream connectable publisher: on the first
    /// subscription it connects, and it disconnects when every subscription has ended.
    public final class Autoconnect<Upstream: ConnectablePublisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public final let upstream: Upstream
        private let lock = Lock.make()
        private var connection: Cancellable?
        private var subscriberCount = 0

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            lock.lock()
            subscriberCount += 1
            lock.unlock()
            upstream.subscribe(AutoconnectInner(parent: self, downstream: subscriber))
            lock.lock()
            let needsConnection = connection == nil && subscriberCount > 0
            if needsConnection { connection = PendingConnection() }
            lock.unlock()
            guard needsConnection else { return }
            let newConnection = upstream.connect()
            lock.lock()
            let stillWanted = connection is PendingConnection && subscriberCount > 0
            connection = stillWanted ? newConnection : nil
            lock.unlock()
            if !stillWanted { newConnection.cancel() }
        }

        fileprivate func subscriberEnded() {
            lock.lock()
            subscriberCount -= 1
            guard subscriberCount == 0, let connection = connection else {
                lock.unlock()
                return
            }
            self.connection = nil
            lock.unlock()
            connection.cancel()
        }
    }
}

/// Placeholder stored while `connect()` is running.
private final class PendingConnection: Cancellable {
    func cancel() {}
}

private final class AutoconnectInner<Upstream: ConnectablePublisher, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let lock = Lock.make()
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
