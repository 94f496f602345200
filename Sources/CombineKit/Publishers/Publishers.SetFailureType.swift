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
    /// A struct between the upstream and the downstream, with no subscription of its own (as in Combine):
    /// the upstream's subscription goes straight to the downstream, values pass unchanged, and the
    /// upstream's only possible completion, `.finished`, is re-typed. See `MappingSubscriber`.
    fileprivate struct Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        private let downstream: Downstream

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        /// The downstream's identifier: this struct only relays its stream.
        var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
        var description: String { "SetFailureType" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Never>) {
            downstream.receive(completion: .finished)
        }
    }
}

extension Publishers.SetFailureType.Inner: PlaygroundShowsDescription {}
