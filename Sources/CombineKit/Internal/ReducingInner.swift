import ReactiveBridgePrimitives

/// The inner object shared by the operators that reduce a stream to (at most) one value: collect(),
/// reduce, tryReduce, count, min/max (+try), contains (+where, +try), allSatisfy (+try), first/last
/// (+where, +try). As Combine's reducers do, it requests `.unlimited` from the upstream when
/// subscribed. `step` folds each element into the partial result and returns `true` when the
/// answer is known early (the upstream is then cancelled). The result is published, followed by
/// `.finished`, once the downstream has demanded anything; a `nil` result just finishes.
///
/// As Combine's reducers, it describes itself by the operator's name and reflects `downstream`, `result`,
/// `initial` and `status` (`collect()` only the count collected so far); a `cancel()` before the upstream
/// subscription arrived is ignored, as Combine's is (see `forwardCancelUnlessAwaitingSubscription()`).
internal final class ReducingInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = UpstreamFailure
    typealias Output = Downstream.Input

    private enum Phase {
        case reducing
        case resultReady
        case done
    }

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private var result: Output?
    private let initial: Output?
    /// `collect()`'s mirror shows only how many elements it holds (Combine's "count" child).
    private let reflectedCount: ((Output?) -> Int)?
    private let step: (inout Output?, Input) throws -> Bool
    private let name: String
    private var phase = Phase.reducing
    private var downstreamDemanded = false

    init(downstream: Downstream, name: String, initial: Output?, reflectedCount: ((Output?) -> Int)? = nil,
         step: @escaping (inout Output?, Input) throws -> Bool) {
        self.downstream = downstream
        self.name = name
        self.result = initial
        self.initial = initial
        self.reflectedCount = reflectedCount
        self.step = step
    }

    var description: String { name }
    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        if let reflectedCount { return Mirror(self, children: ["count": reflectedCount(result)]) }
        return Mirror(self, children: ["downstream": downstream, "result": result as Any, "initial": initial as Any, "status": status])
    }
    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        guard acceptSubscription(subscription) else { return }
        downstream.receive(subscription: self)
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return .none }
        let answerKnown: Bool
        do {
            answerKnown = try step(&result, input)
        } catch {
            if terminateAndCancelUpstream() {
                lock.lock()
                phase = .done
                lock.unlock()
                downstream.receive(completion: .failure(error as! Downstream.Failure))
            }
            return .none
        }
        if answerKnown {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return .none
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            phase = .resultReady
            lock.unlock()
            subscription.cancel()
            deliverIfDemanded()
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return
        }
        status = .terminal
        lock.setSubscribedFlag(false)
        switch completion {
        case .finished:
            phase = .resultReady
            lock.unlock()
            deliverIfDemanded()
        case .failure(let error):
            phase = .done
            lock.unlock()
            downstream.receive(completion: .failure(error as! Downstream.Failure))
        }
    }

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        downstreamDemanded = true
        lock.unlock()
        deliverIfDemanded()
    }

    func cancel() {
        lock.lock()
        if case .awaitingSubscription = status {
            lock.unlock()
            return
        }
        phase = .done
        lock.unlock()
        forwardCancelUnlessAwaitingSubscription()
    }

    private func deliverIfDemanded() {
        lock.lock()
        guard case .resultReady = phase, downstreamDemanded else {
            lock.unlock()
            return
        }
        phase = .done
        let result = self.result
        self.result = nil
        lock.unlock()
        if let result = result {
            _ = downstream.receive(result)
        }
        downstream.receive(completion: .finished)
    }
}
