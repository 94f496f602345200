import ReactiveBridgePrimitives

extension Publisher {
    /// Republishes elements while a predicate closure indicates publishing should continue; the
    /// first element that fails it finishes the stream (and cancels the upstream).
    public func prefix(while predicate: @escaping (Output) -> Bool) -> Publishers.PrefixWhile<Self> {
        Publishers.PrefixWhile(upstream: self, predicate: predicate)
    }

    /// Like `prefix(while:)` with an error-throwing predicate.
    public func tryPrefix(while predicate: @escaping (Output) throws -> Bool) -> Publishers.TryPrefixWhile<Self> {
        Publishers.TryPrefixWhile(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that republishes elements while a predicate closure indicates publishing should continue.
    public struct PrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Upstream.Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PrefixWhileInner<Output, Failure, S>(downstream: subscriber, name: "PrefixWhile", predicate: predicate))
        }
    }

    /// A publisher that republishes elements while an error-throwing predicate closure indicates publishing should continue.
    public struct TryPrefixWhile<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error
        public let upstream: Upstream
        public let predicate: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PrefixWhileInner<Output, Upstream.Failure, S>(downstream: subscriber, name: "TryPrefixWhile", predicate: predicate))
        }
    }
}

private final class PrefixWhileInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
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
        guard isActive() else { return .none }
        do {
            if try predicate(input) { return downstream.receive(input) }
            if terminateAndCancelUpstream() { downstream.receive(completion: .finished) }
        } catch {
            if terminateAndCancelUpstream() { downstream.receive(completion: .failure(error as! Downstream.Failure)) }
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        if markTerminal() { downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure }) }
    }

    func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
    func cancel() { forwardCancel() }
}
