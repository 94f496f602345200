import ReactiveBridgePrimitives

/// Inner object of catch/tryCatch. Before a failure it is the upstream's subscriber; on failure it
/// subscribes to the handler's publisher through `CatchSecondSide` and hands it the unused demand.
/// Downstream.Failure is NewPublisher.Failure (catch) or Error (tryCatch).
internal final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Upstream.Output == NewPublisher.Output
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let handler: (Upstream.Failure) throws -> NewPublisher
    private let name: String
    private var demand = Subscribers.Demand.none
    private var onSecondPublisher = false

    init(downstream: Downstream, name: String, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
        self.downstream = downstream
        self.name = name
        self.handler = handler
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "demand": demand]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return .none
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

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        guard status.isSubscribed, !onSecondPublisher else {
            lock.unlock()
            return
        }
        switch completion {
        case .finished:
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            downstream.receive(completion: .finished)
        case .failure(let error):
            onSecondPublisher = true
            status = .awaitingSubscription
            lock.setSubscribedFlag(false)
            lock.unlock()
            do {
                try handler(error).subscribe(CatchSecondSide(owner: self))
            } catch {
                lock.lock()
                status = .terminal
                lock.setSubscribedFlag(false)
                lock.unlock()
                downstream.receive(completion: .failure(error as! Downstream.Failure))
            }
        }
    }

    // MARK: second publisher

    func secondSubscribed(_ subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            subscription.cancel()
            return
        }
        status = .subscribed(subscription)
        lock.setSubscribedFlag(true)
        let carried = demand
        lock.unlock()
        if carried > 0 { subscription.request(carried) }
    }

    func secondReceived(_ input: Input) -> Subscribers.Demand {
        receive(input)
    }

    func secondCompleted(_ completion: Subscribers.Completion<NewPublisher.Failure>) {
        guard markTerminal() else { return }
        downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure })
    }

    // MARK: downstream

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        self.demand += demand
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    func cancel() { forwardCancel() }
}

internal final class CatchSecondSide<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible
    where Downstream.Input == Upstream.Output, Upstream.Output == NewPublisher.Output
{
    typealias Input = NewPublisher.Output
    typealias Failure = NewPublisher.Failure

    private let owner: CatchInner<Upstream, NewPublisher, Downstream>

    init(owner: CatchInner<Upstream, NewPublisher, Downstream>) {
        self.owner = owner
    }

    var description: String { owner.description }

    func receive(subscription: Subscription) { owner.secondSubscribed(subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { owner.secondReceived(input) }
    func receive(completion: Subscribers.Completion<Failure>) { owner.secondCompleted(completion) }
}

extension CatchInner: PlaygroundShowsDescription {}
