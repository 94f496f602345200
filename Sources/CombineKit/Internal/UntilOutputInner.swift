import ReactiveBridgePrimitives

/// Inner object of drop(untilOutputFrom:) and prefix(untilOutputFrom:).
internal final class UntilOutputInner<Input, UpstreamFailure: Error, OtherFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
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
internal final class UntilOutputTrigger<Input, OtherFailure: Error, Owner: UntilOutputInnerProtocol>: Subscriber, CustomStringConvertible
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

internal protocol UntilOutputInnerProtocol: AnyObject {
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
