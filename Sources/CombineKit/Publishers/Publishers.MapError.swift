import ReactiveBridgePrimitives

extension Publisher {
    /// Converts any failure from the upstream publisher into a new error.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform)
    }
}

extension Publishers {
    /// A publisher that converts any failure from the upstream publisher into a new error.
    public struct MapError<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        public let upstream: Upstream
        /// The closure that converts the upstream failure into a new error.
        public let transform: (Upstream.Failure) -> Failure

        public init(upstream: Upstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        public init(upstream: Upstream, _ map: @escaping (Upstream.Failure) -> Failure) {
            self.init(upstream: upstream, transform: map)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }
    }
}

extension Publishers.MapError {
    /// As Combine's: the upstream's subscription goes straight to the downstream, so demand and
    /// cancellation reach the upstream unchanged; elements pass as received, a failure is transformed.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        private let downstream: Downstream
        private let transform: (Upstream.Failure) -> Failure

        init(downstream: Downstream, transform: @escaping (Upstream.Failure) -> Failure) {
            self.downstream = downstream
            self.transform = transform
        }

        var description: String { "MapError" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Upstream.Failure>) {
            downstream.receive(completion: completion.mapError(transform))
        }
    }
}

extension Publishers.MapError.Inner: PlaygroundShowsDescription {}
