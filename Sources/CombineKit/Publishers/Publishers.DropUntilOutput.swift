import ReactiveBridgePrimitives

extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P> where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that ignores elements from the upstream publisher until it receives an element
    /// from a second publisher.
    ///
    /// As Combine's: the subscriber gets its subscription first, then the second publisher is subscribed
    /// (asked for one element), then the upstream. Demand goes to the upstream as the subscriber makes it;
    /// an element dropped before the trigger uses up one of it (its `receive(_:)` returns `.none`), and an
    /// upstream that sends more than was asked for stops with a precondition, as in Combine. A completion
    /// of the second publisher before its first element ends the stream (its failure fails it).
    public struct DropUntilOutput<Upstream: Publisher, Other: Publisher>: Publisher where Upstream.Failure == Other.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let other: Other

        public init(upstream: Upstream, other: Other) {
            self.upstream = upstream
            self.other = other
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = DropUntilOutputInner<Output, Other.Output, Failure, S>(downstream: subscriber)
            subscriber.receive(subscription: inner)
            other.subscribe(DropUntilOutputTrigger(inner: inner))
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.DropUntilOutput: Equatable where Upstream: Equatable, Other: Equatable {}

/// The subscriber to the upstream and the downstream's subscription of `drop(untilOutputFrom:)`.
///
/// Downstream calls (values from the upstream, a completion from either side) are serialised by
/// `downstreamLock`, recursive because the downstream may make the upstream send from inside a call; the
/// state is read under `lock` once `downstreamLock` is held, so nothing reaches the downstream after its
/// completion.
internal final class DropUntilOutputInner<Input, TriggerOutput, Failure: Error, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input, Downstream.Failure == Failure
{
    private let lock = Lock()
    private let downstreamLock = RecursiveLock()
    private let downstream: Downstream
    // Guarded by `lock`.
    private var upstreamSubscription: Subscription?
    private var hadUpstreamSubscription = false
    private var otherSubscription: Subscription?
    /// The trigger's subscription after its element: left alone, as Combine does (it was asked for one
    /// element), until the stream ends, when it is cancelled so that the trigger publisher lets go.
    private var spentOtherSubscription: Subscription?
    /// What the downstream has requested and the dropped elements have not used up (Combine's count).
    private var pendingDemand = Subscribers.Demand.none
    private var triggered = false
    /// Cancelled by the downstream, or the upstream completed.
    private var cancelled = false
    /// The downstream received its completion.
    private var finished = false

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    var description: String { "DropUntilOutput" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    // MARK: upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard !hadUpstreamSubscription, !cancelled else {
            lock.unlock()
            subscription.cancel()
            return
        }
        hadUpstreamSubscription = true
        upstreamSubscription = subscription
        let demand = pendingDemand
        lock.unlock()
        // Combine asks a late upstream for everything requested so far, even once the trigger has ended the
        // stream: its elements are then dropped.
        if demand > .none { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard triggered, !cancelled, !finished else {
            precondition(pendingDemand > .none, "drop(untilOutputFrom:) received an element it had not requested: the upstream publisher must not send more elements than were demanded.")
            pendingDemand -= 1
            lock.unlock()
            return .none
        }
        lock.unlock()
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        guard !cancelled, !finished else {
            lock.unlock()
            return
        }
        cancelled = true
        finished = true
        let other = otherSubscription.take()
        let spent = spentOtherSubscription.take()
        lock.unlock()
        other?.cancel()
        spent?.cancel()
        downstream.receive(completion: completion)
    }

    // MARK: downstream

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        pendingDemand += demand
        let subscription = upstreamSubscription
        lock.unlock()
        subscription?.request(demand)
    }

    /// Cancels the upstream, then the second publisher, as Combine does (and the trigger's spent
    /// subscription, which Combine leaves alone).
    func cancel() {
        lock.lock()
        cancelled = true
        let upstream = upstreamSubscription.take()
        let other = otherSubscription.take()
        let spent = spentOtherSubscription.take()
        lock.unlock()
        upstream?.cancel()
        other?.cancel()
        spent?.cancel()
    }

    // MARK: the second publisher

    func receiveOther(subscription: Subscription) {
        lock.lock()
        guard otherSubscription == nil, !cancelled, !finished else {
            lock.unlock()
            subscription.cancel()
            return
        }
        otherSubscription = subscription
        // A trigger publisher that subscribes again replaces its spent subscription (Combine forgets it).
        spentOtherSubscription = nil
        lock.unlock()
        subscription.request(.max(1))
    }

    /// Its first element opens the gate. Combine does not cancel the second publisher here (it asked it for
    /// one element only), and would accept a later subscription from it.
    func receiveOther(_ input: TriggerOutput) -> Subscribers.Demand {
        lock.lock()
        triggered = true
        if let subscription = otherSubscription.take() { spentOtherSubscription = subscription }
        lock.unlock()
        return .none
    }

    /// Before the trigger, ends the stream (the upstream is cancelled); after it, ignored.
    func receiveOther(completion: Subscribers.Completion<Failure>) {
        downstreamLock.lock()
        defer { downstreamLock.unlock() }
        lock.lock()
        otherSubscription = nil
        spentOtherSubscription = nil
        guard !triggered, !cancelled, !finished else {
            lock.unlock()
            return
        }
        finished = true
        let upstream = upstreamSubscription.take()
        lock.unlock()
        upstream?.cancel()
        downstream.receive(completion: completion)
    }
}

extension DropUntilOutputInner: PlaygroundShowsDescription {}

/// The subscriber to the second publisher: it shares the inner's combine identifier, as Combine's does.
internal struct DropUntilOutputTrigger<Input, TriggerOutput, Failure: Error, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input, Downstream.Failure == Failure
{
    let inner: DropUntilOutputInner<Input, TriggerOutput, Failure, Downstream>

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
    var description: String { "DropUntilOutput" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) { inner.receiveOther(subscription: subscription) }
    func receive(_ input: TriggerOutput) -> Subscribers.Demand { inner.receiveOther(input) }
    func receive(completion: Subscribers.Completion<Failure>) { inner.receiveOther(completion: completion) }
}

extension DropUntilOutputTrigger: PlaygroundShowsDescription {}
