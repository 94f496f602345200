import ReactiveBridgePrimitives

extension Publisher {
    /// Ignores all upstream elements, but passes along the upstream publisher's completion state.
    /// It requests an unlimited number of elements from the upstream.
    public func ignoreOutput() -> Publishers.IgnoreOutput<Self> {
        Publishers.IgnoreOutput(upstream: self)
    }
}

extension Publishers {
    /// A publisher that ignores all upstream elements, but passes along the upstream's completion.
    public struct IgnoreOutput<Upstream: Publisher>: Publisher {
        public typealias Output = Never
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publishers.IgnoreOutput {
    /// As Combine's: the upstream's subscription goes straight to the downstream (which may request or
    /// cancel it as it likes) and the upstream is asked for `.unlimited`; elements are dropped, the
    /// completion passed on as received.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Never, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream

        init(downstream: Downstream) {
            self.downstream = downstream
        }

        var description: String { "IgnoreOutput" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand { .none }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}

extension Publishers.IgnoreOutput.Inner: PlaygroundShowsDescription {}
