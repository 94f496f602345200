import ReactiveBridgePrimitives

/// Inner object of catch/tryCatch, with Combine's states and demand hand-over. Before a failure it is the
/// upstream's subscriber and counts the demand the downstream has outstanding; on the upstream's failure
/// it subscribes to the handler's publisher through `CatchReplacementSubscriber` and asks that publisher
/// for the demand the failed one did not use. From then on requests go straight to the replacement.
/// As Combine's, a cancel stops requests and completions but not values: a value the publisher that was
/// cancelled still sends (within the demand it was given) is passed downstream; events after the end are not.
/// Downstream.Failure is NewPublisher.Failure (catch) or Error (tryCatch).
internal final class CatchInner<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Upstream.Output == NewPublisher.Output
{
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure

    private enum State {
        /// Waiting for the upstream's subscription.
        case awaitingUpstream
        /// Subscribed to the upstream.
        case upstream(Subscription)
        /// The upstream failed; waiting for the replacement publisher's subscription.
        case awaitingReplacement
        /// Subscribed to the replacement publisher.
        case replacement(Subscription)
        /// Cancelled while subscribed to the upstream: only its values (within the demand) still pass.
        case cancelledUpstream
        /// Cancelled while subscribed to the replacement: only its values still pass.
        case cancelledReplacement
        /// Completed, or cancelled before a subscription: everything is ignored.
        case terminal
    }

    private let lock = Lock()
    private var state = State.awaitingUpstream
    private let downstream: Downstream
    private let handler: (Upstream.Failure) throws -> NewPublisher
    private let name: String
    /// The downstream's outstanding demand while the upstream runs (what the replacement is asked for).
    private var demand = Subscribers.Demand.none

    init(downstream: Downstream, name: String, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
        self.downstream = downstream
        self.name = name
        self.handler = handler
    }

    var description: String { name }
    var customMirror: Mirror {
        lock.lock()
        let demand = self.demand
        lock.unlock()
        return Mirror(self, children: ["downstream": downstream, "demand": demand])
    }

    // MARK: upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingUpstream = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .upstream(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        switch state {
        case .upstream, .cancelledUpstream:
            guard demand > 0 else {
                let cancelled = if case .cancelledUpstream = state { true } else { false }
                lock.unlock()
                // Sent after the cancel beyond the demand given: dropped (never more than was asked for).
                if cancelled { return .none }
                preconditionFailure("\(name) received a value it had not requested: its upstream publisher must send no more values than the demand it was given.")
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
        case .awaitingUpstream:
            lock.unlock()
            preconditionFailure("\(name) received a value before its subscription: a publisher must call receive(subscription:) on its subscriber before sending values.")
        case .awaitingReplacement, .replacement, .cancelledReplacement, .terminal:
            // After the upstream's end: dropped.
            lock.unlock()
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<Upstream.Failure>) {
        lock.lock()
        switch state {
        case .upstream:
            break
        case .terminal, .cancelledUpstream, .cancelledReplacement:
            lock.unlock()
            return
        case .awaitingUpstream, .awaitingReplacement, .replacement:
            lock.unlock()
            if case .failure = completion {
                // Combine stops here too: a failure before the subscription, or a second one.
                preconditionFailure("\(name) received a failure from its upstream publisher before its subscription or after a first failure: a publisher must subscribe its subscriber first and send at most one completion.")
            }
            return
        }
        guard case .failure(let error) = completion else {
            state = .terminal
            lock.unlock()
            downstream.receive(completion: .finished)
            return
        }
        state = .awaitingReplacement
        lock.unlock()
        let replacement: NewPublisher
        do {
            replacement = try handler(error)
        } catch {
            guard enterTerminalIfAwaitingReplacement() else { return }
            downstream.receive(completion: .failure(error as! Downstream.Failure))
            return
        }
        lock.lock()
        guard case .awaitingReplacement = state else {
            // Cancelled while the handler ran: the replacement is not subscribed.
            lock.unlock()
            return
        }
        lock.unlock()
        replacement.subscribe(CatchReplacementSubscriber(inner: self))
    }

    private func enterTerminalIfAwaitingReplacement() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard case .awaitingReplacement = state else { return false }
        state = .terminal
        return true
    }

    // MARK: replacement publisher

    func replacementReceive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingReplacement = state else {
            lock.unlock()
            subscription.cancel()
            return
        }
        state = .replacement(subscription)
        let carried = demand
        lock.unlock()
        if carried > 0 { subscription.request(carried) }
    }

    func replacementReceive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        switch state {
        case .replacement, .cancelledReplacement:
            lock.unlock()
        case .awaitingUpstream, .upstream, .cancelledUpstream, .awaitingReplacement, .terminal:
            lock.unlock()
            return .none
        }
        return downstream.receive(input)
    }

    func replacementReceive(completion: Subscribers.Completion<NewPublisher.Failure>) {
        lock.lock()
        guard case .replacement = state else {
            lock.unlock()
            return
        }
        state = .terminal
        lock.unlock()
        downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure })
    }

    // MARK: downstream

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        switch state {
        case .upstream(let subscription):
            self.demand += demand
            lock.unlock()
            subscription.request(demand)
        case .awaitingReplacement:
            self.demand += demand
            lock.unlock()
        case .replacement(let subscription):
            lock.unlock()
            subscription.request(demand)
        case .awaitingUpstream, .cancelledUpstream, .cancelledReplacement, .terminal:
            lock.unlock()
        }
    }

    /// Cancels the publisher subscribed to; values it still sends pass on, as in Combine. A cancel while the
    /// replacement's subscription is still on its way stays: that subscription is cancelled when it arrives
    /// (Combine would accept it and keep it, with nobody left to cancel it).
    func cancel() {
        lock.lock()
        switch state {
        case .upstream(let subscription):
            state = .cancelledUpstream
            lock.unlock()
            subscription.cancel()
        case .replacement(let subscription):
            state = .cancelledReplacement
            lock.unlock()
            subscription.cancel()
        case .awaitingUpstream, .awaitingReplacement:
            state = .terminal
            lock.unlock()
        case .cancelledUpstream, .cancelledReplacement, .terminal:
            lock.unlock()
        }
    }
}

/// The subscriber catch/tryCatch gives the handler's publisher: it reports to the inner object, and
/// shows and identifies itself as it (Combine's is a separate subscriber with the operator's name).
internal struct CatchReplacementSubscriber<Upstream: Publisher, NewPublisher: Publisher, Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Upstream.Output, Upstream.Output == NewPublisher.Output
{
    typealias Input = NewPublisher.Output
    typealias Failure = NewPublisher.Failure

    let inner: CatchInner<Upstream, NewPublisher, Downstream>

    var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
    var description: String { inner.description }
    var customMirror: Mirror { inner.customMirror }

    func receive(subscription: Subscription) { inner.replacementReceive(subscription: subscription) }
    func receive(_ input: Input) -> Subscribers.Demand { inner.replacementReceive(input) }
    func receive(completion: Subscribers.Completion<Failure>) { inner.replacementReceive(completion: completion) }
}

extension CatchInner: PlaygroundShowsDescription {}
extension CatchReplacementSubscriber: PlaygroundShowsDescription {}
