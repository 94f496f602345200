import ReactiveBridgePrimitives

/// Inner object of replaceError (publish `replacement` then finish instead of failing). The replacement
/// waits for downstream demand: the inner counts the demand the upstream has not used.
@usableFromInline
internal final class ReplaceErrorInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input
{
    @usableFromInline typealias Failure = UpstreamFailure

    /// The lock lives in the object (one heap block less per subscription): it must stay the first
    /// stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let replacement: Input
    private var demand = Subscribers.Demand.none
    private var replacementPending = false

    @usableFromInline
    init(downstream: consuming Downstream, replacement: Input) {
        self.downstream = consume downstream
        self.replacement = replacement
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ReplaceErrorInner: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    var lock: InlineLock { InlineLock(in: self) }

    @usableFromInline var description: String { "ReplaceError" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

    @usableFromInline func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return .none
        }
        if demand == .none {
            lock.unlock()
            valueBeyondDemand()
        }
        demand -= 1
        lock.unlock()
        let more = downstream.receive(input)
        if more > 0 {
            lock.lock()
            demand += more
            lock.unlock()
        }
        return more
    }

    @usableFromInline func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return
        }
        guard case .failure = completion else {
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure })
            return
        }
        if demand == .none {
            // The upstream has ended: later events from it are dropped; the first request publishes.
            replacementPending = true
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            return
        }
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        _ = downstream.receive(replacement)
        downstream.receive(completion: .finished)
    }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        if replacementPending {
            sendPendingReplacementLocked()
            return
        }
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        self.demand += demand
        lock.unlock()
        subscription.request(demand)
    }

    /// The first demand after the upstream ended: the replacement, then `.finished` (called with `lock`
    /// held; releases it). Out of line so that `request` needs no `Completion` metadata, which the
    /// optimiser would otherwise look up on every call.
    @inline(never)
    private func sendPendingReplacementLocked() {
        replacementPending = false
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        _ = downstream.receive(replacement)
        downstream.receive(completion: .finished)
    }

    /// Combine's replaceError stops here (its demand count would go below zero).
    @inline(never)
    private func valueBeyondDemand() -> Never {
        preconditionFailure("ReplaceError received a value it had not requested: its upstream publisher must send no more values than the demand it was given.")
    }

    /// replaceError, as Combine's, ignores a cancel before the upstream subscription arrived (only the upstream
    /// holds the inner then; the subscription is accepted when it comes).
    @usableFromInline func cancel() {
        lock.lock()
        replacementPending = false
        lock.unlock()
        forwardCancelUnlessAwaitingSubscription()
    }
}

extension ReplaceErrorInner: CustomPlaygroundDisplayConvertible {
    @usableFromInline var playgroundDescription: Any { description }
}
