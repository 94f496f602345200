import ReactiveBridgePrimitives

extension Publisher {
    /// Republishes elements until another publisher emits an element, then finishes.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that republishes elements until another publisher emits an element.
    ///
    /// As Combine's: the second publisher is subscribed first and asked for one element; its first element
    /// cancels the upstream and finishes the stream (the second publisher's subscription is left alone: it
    /// was asked for one element only). If that element comes before the upstream's subscription, the
    /// subscriber gets the finish without a subscription, and the upstream's subscription is cancelled
    /// when it arrives. The second publisher's completion is ignored; the upstream's completion cancels it.
    public struct PrefixUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = PrefixUntilOutputInner<Output, Other.Output, Other.Failure, S>(downstream: subscriber)
            other.subscribe(PrefixUntilOutputTermination(inner: inner))
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.PrefixUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The subscriber to the upstream and the downstream's subscription of `prefix(untilOutputFrom:)`. Like
/// Combine's, it has no description or mirror of its own.
///
/// Downstream calls are serialised by `downstreamLock` (recursive: the downstream may make the upstream
/// send from inside a call), and the state is read under `lock` once it is held, so the upstream's
/// elements and the second publisher's finish never reach the downstream at once or out of order.
internal final class PrefixUntilOutputInner<Input, TerminationOutput, TerminationFailure: Error, Downstream: Subscriber>: Subscriber, Subscription
    where Downstream.Input == Input
{
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private let downstreamLock = RecursiveLock()
    private let downstream: Downstream
    // Guarded by `lock`.
    private var prefixState = SubscriptionStatus.awaitingSubscription
    private var terminationState = SubscriptionStatus.awaitingSubscription
    /// The terminating publisher's subscription after its element: left alone, as Combine does (it was asked
    /// for one element), until this object goes, so that the terminating publisher lets go of its subscriber.
    private var spentTermination: Subscription?

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    deinit {
        spentTermination?.cancel()
    }

    // MARK: upstream

    func receive(subscription: Subscription) {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard prefixState.storeIfAwaiting(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard prefixState.isSubscribed else {
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    /// Passed downstream if subscribed (a completion before the subscription is dropped, as in Combine);
    /// either way the second publisher is cancelled.
    func receive(completion: Subscribers.Completion<Failure>) {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        let wasSubscribed = prefixState.isSubscribed
        prefixState = .terminal
        let termination = terminationState.terminate()
        lock.unlock()
        termination?.cancel()
        if wasSubscribed { downstream.receive(completion: completion) }
    }

    // MARK: downstream

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let subscription = prefixState.copySubscription() else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    /// Cancels the upstream, then the second publisher, as Combine does.
    func cancel() {
        lock.lock()
        let prefix = prefixState.terminate()
        let termination = terminationState.terminate()
        lock.unlock()
        prefix?.cancel()
        termination?.cancel()
    }

    // MARK: the second publisher

    func terminationReceive(subscription: Subscription) {
        lock.lock()
        guard terminationState.storeIfAwaiting(subscription) else {
            lock.unlock()
            subscription.cancel()
            return
        }
        lock.unlock()
        subscription.request(.max(1))
    }

    /// Returns whether the element ended the stream (not if it came before the subscription or after the end).
    func terminationReceive(_ input: TerminationOutput) -> Bool {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard terminationState.isSubscribed else {
            lock.unlock()
            return false
        }
        spentTermination = terminationState.terminate()
        // Combine finishes the downstream even before the upstream's subscription has arrived.
        let wasTerminal = prefixState.isTerminal
        let prefix = prefixState.terminate()
        lock.unlock()
        prefix?.cancel()
        if !wasTerminal { downstream.receive(completion: .finished) }
        return true
    }

    func terminationReceive(completion: Subscribers.Completion<TerminationFailure>) {
        lock.lock()
        terminationState = .terminal
        lock.unlock()
    }
}

/// The subscriber to the second publisher: it shares the inner's combine identifier, as Combine's does.
/// It keeps the inner alive (the inner may have no other owner before the upstream's subscription, or
/// after the upstream's completion) until the terminating element, then lets go of it.
internal final class PrefixUntilOutputTermination<Input, TerminationOutput, TerminationFailure: Error, Downstream: Subscriber>: Subscriber
    where Downstream.Input == Input
{
    typealias Failure = TerminationFailure
    typealias Inner = PrefixUntilOutputInner<Input, TerminationOutput, TerminationFailure, Downstream>

    let combineIdentifier: CombineIdentifier
    private let lock = Lock()
    // Guarded by `lock`.
    private var inner: Inner?

    init(inner: Inner) {
        self.inner = inner
        combineIdentifier = inner.combineIdentifier
    }

    private var currentInner: Inner? {
        lock.lock()
        defer { lock.unlock() }
        return inner
    }

    func receive(subscription: Subscription) {
        if let inner = currentInner { inner.terminationReceive(subscription: subscription) } else { subscription.cancel() }
    }

    func receive(_ input: TerminationOutput) -> Subscribers.Demand {
        if let inner = currentInner, inner.terminationReceive(input) {
            lock.lock()
            self.inner = nil
            lock.unlock()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<TerminationFailure>) {
        currentInner?.terminationReceive(completion: completion)
    }
}
