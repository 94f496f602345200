extension Publisher where Failure == Never {
    /// Changes the failure type declared by the upstream publisher (which cannot fail).
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publishers {
    /// A publisher that appears to send a specified failure type (its upstream never fails).
    public struct SetFailureType<Upstream: Publisher, Failure: Error>: Publisher where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }

        /// Replaces the failure type this publisher claims (its upstream still never fails) without wrapping it
        /// again; Combine's `Publishers.SetFailureType.setFailureType(to:)` (developer.apple.com/documentation/
        /// combine/publishers/setfailuretype; OpenCombine's Publishers.SetFailureType.swift).
        public func setFailureType<E: Error>(to failure: E.Type) -> Publishers.SetFailureType<Upstream, E> {
            Publishers.SetFailureType<Upstream, E>(upstream: upstream)
        }
    }
}

extension Publishers.SetFailureType {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        let lock = Lock.make()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        var description: String { "SetFailureType" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            if markTerminal() { downstream.receive(completion: .finished) }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
        func cancel() { forwardCancel() }
    }
}
