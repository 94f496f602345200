import ReactiveBridgePrimitives

extension Publisher {
    /// Ignores elements from the upstream publisher until it receives an element from a second publisher.
    public func drop<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.DropUntilOutput<Self, P> where Failure == P.Failure {
        Publishers.DropUntilOutput(upstream: self, other: publisher)
    }

    /// Republishes elements until another publisher emits an element, then finishes.
    public func prefix<P: Publisher>(untilOutputFrom publisher: P) -> Publishers.PrefixUntilOutput<Self, P> {
        Publishers.PrefixUntilOutput(upstream: self, other: publisher)
    }
}

extension Publishers {
    /// A publisher that ignores elements from the upstream publisher until it receives an element
    /// from a second publisher. The second publisher is asked for one element; its failure fails
    /// the stream.
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
            let inner = UntilOutputInner<Output, Failure, Other.Failure, S>(downstream: subscriber, dropsUntilTrigger: true)
            other.subscribe(UntilOutputTrigger(inner))
            upstream.subscribe(inner)
        }
    }

    /// A publisher that republishes elements until another publisher emits an element (then it
    /// finishes and cancels both).
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
            let inner = UntilOutputInner<Output, Failure, Other.Failure, S>(downstream: subscriber, dropsUntilTrigger: false)
            other.subscribe(UntilOutputTrigger(inner))
            upstream.subscribe(inner)
        }
    }
}

/// Inner object of drop(untilOutputFrom:) and prefix(untilOutputFrom:).
private final class UntilOutputInner<Input, UpstreamFailure: Error, OtherFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input, Downstream.Failure == UpstreamFailure
{
    typealias Failure = UpstreamFailure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let dropsUntilTrigger: Bool
    private var triggered = false
    private var triggerSubscription: Subscription?
    private var triggerDone = false
    private var pendingTriggerFailure: UpstreamFailure?

    init(downstream: Downstream, dropsUntilTrigger: Bool) {
        self.downstream = downstream
        self.dropsUntilTrigger = dropsUntilTrigger
    }

    var description: String { dropsUntilTrigger ? "DropUntilOutput" : "PrefixUntilOutput" }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "triggered": triggered]) }

    // MARK: trigger side

    func triggerSubscribed(_ subscription: Subscription) {
        lock.lock()
        guard !triggerDone else {
            lock.unlock()
            subscription.cancel()
            return
        }
        triggerSubscription = subscription
        lock.unlock()
        subscription.request(.max(1))
    }

    func triggerFired() {
        lock.lock()
        guard !triggerDone else {
            lock.unlock()
            return
        }
        triggerDone = true
        triggered = true
        let trigger = triggerSubscription
        triggerSubscription = nil
        lock.unlock()
        trigger?.cancel()
        if !dropsUntilTrigger, terminateAndCancelUpstream() {
            downstream.receive(completion: .finished)
        }
    }

    func triggerCompleted(_ completion: Subscribers.Completion<OtherFailure>) {
        lock.lock()
        guard !triggerDone else {
            lock.unlock()
            return
        }
        triggerDone = true
        triggerSubscription = nil
        lock.unlock()
        // drop(untilOutputFrom:) shares its failure type with the trigger: a trigger failure fails the stream.
        if dropsUntilTrigger, case .failure(let error) = completion {
            let failure = error as! UpstreamFailure
            lock.lock()
            if case .awaitingSubscription = status {
                pendingTriggerFailure = failure
                lock.unlock()
                return
            }
            lock.unlock()
            if terminateAndCancelUpstream() { downstream.receive(completion: .failure(failure)) }
        }
    }

    // MARK: upstream side

    func receive(subscription: Subscription) {
        guard acceptSubscription(subscription) else { return }
        downstream.receive(subscription: self)
        lock.lock()
        let failure = pendingTriggerFailure
        let alreadyTriggered = triggered
        lock.unlock()
        if let failure = failure, terminateAndCancelUpstream() {
            downstream.receive(completion: .failure(failure))
        } else if alreadyTriggered, !dropsUntilTrigger, terminateAndCancelUpstream() {
            downstream.receive(completion: .finished)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return .none
        }
        let isTriggered = triggered
        lock.unlock()
        if dropsUntilTrigger && !isTriggered { return .max(1) }
        return downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        guard markTerminal() else { return }
        cancelTrigger()
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

    func cancel() {
        cancelTrigger()
        forwardCancel()
    }

    private func cancelTrigger() {
        lock.lock()
        triggerDone = true
        let trigger = triggerSubscription
        triggerSubscription = nil
        lock.unlock()
        trigger?.cancel()
    }
}

/// Subscribes to the "other" publisher on behalf of an `UntilOutputInner`.
private final class UntilOutputTrigger<Input, OtherFailure: Error, Owner: UntilOutputInnerProtocol>: Subscriber, CustomStringConvertible
    where Owner.OtherFailure == OtherFailure
{
    typealias Failure = OtherFailure
    private weak var owner: Owner?

    init(_ owner: Owner) {
        self.owner = owner
    }

    var description: String { "UntilOutputTrigger" }

    func receive(subscription: Subscription) {
        if let owner = owner { owner.triggerSubscribed(subscription) } else { subscription.cancel() }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        owner?.triggerFired()
        return .none
    }

    func receive(completion: Subscribers.Completion<OtherFailure>) {
        owner?.triggerCompleted(completion)
    }
}

private protocol UntilOutputInnerProtocol: AnyObject {
    associatedtype OtherFailure: Error
    func triggerSubscribed(_ subscription: Subscription)
    func triggerFired()
    func triggerCompleted(_ completion: Subscribers.Completion<OtherFailure>)
}

extension UntilOutputInner: UntilOutputInnerProtocol {}

extension UntilOutputTrigger {
    convenience init<I, U: Error, D: Subscriber>(_ owner: UntilOutputInner<I, U, OtherFailure, D>) where Owner == UntilOutputInner<I, U, OtherFailure, D> {
        self.init(owner as Owner)
    }
}
