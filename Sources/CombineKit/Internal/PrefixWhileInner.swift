import ReactiveBridgePrimitives

/// The inner object of prefix(while:) and tryPrefix(while:). As Combine's, a value, a completion or a request
/// before the upstream's subscription traps (a publisher must hand its subscriber a subscription first).
internal final class PrefixWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
    where Downstream.Input == Input
{
    typealias Failure = UpstreamFailure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let predicate: (Input) throws -> Bool
    private let name: String

    init(downstream: Downstream, name: String, predicate: @escaping (Input) throws -> Bool) {
        self.downstream = downstream
        self.name = name
        self.predicate = predicate
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else {
            preconditionSubscribed(name, received: "a value")
            return .none
        }
        do {
            if try predicate(input) { return downstream.receive(input) }
            if terminateAndCancelUpstream() { downstream.receive(completion: .finished) }
        } catch {
            if terminateAndCancelUpstream() { downstream.receive(completion: .failure(error as! Downstream.Failure)) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        if markTerminal() {
            downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure })
        } else {
            preconditionSubscribed(name, received: "a completion")
        }
    }

    func request(_ demand: Subscribers.Demand) { forwardRequestRequiringSubscription(demand, name: name) }

    func cancel() { forwardCancel() }
}

extension PrefixWhileInner: PlaygroundShowsDescription {}
