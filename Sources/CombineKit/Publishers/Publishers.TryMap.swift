import ReactiveBridgePrimitives

extension Publisher {
    /// Transforms all elements from the upstream publisher with a provided error-throwing closure;
    /// a thrown error terminates the stream with that error.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
}

// Specialisations: maps fuse, as Combine declares on `Publishers.Map` and `Publishers.TryMap`
// (developer.apple.com/documentation/combine/publishers/map and .../trymap; OpenCombine's
// Sources/OpenCombine/Publishers/Publishers.Map.swift).
extension Publishers {
    /// A publisher that transforms all elements from the upstream publisher with a provided
    /// error-throwing closure.
    public struct TryMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The error-throwing closure that transforms elements from the upstream publisher.
        public let transform: (Upstream.Output) throws -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }

        /// Fuses a map into this `TryMap`, applying this one's closure first; Combine's
        /// `Publishers.TryMap.map(_:)`.
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.TryMap<Upstream, T> {
            let first = self.transform
            return Publishers.TryMap(upstream: upstream) { transform(try first($0)) }
        }

        /// Fuses two error-throwing maps into one, applying this one's closure first (a throw from either fails
        /// the stream); Combine's `Publishers.TryMap.tryMap(_:)`.
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
            let first = self.transform
            return Publishers.TryMap(upstream: upstream) { try transform(try first($0)) }
        }
    }
}

extension Publishers.TryMap {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
        where Downstream.Input == Output, Downstream.Failure == Error
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let transform: (Input) throws -> Output

        init(downstream: Downstream, transform: @escaping (Input) throws -> Output) {
            self.downstream = downstream
            self.transform = transform
        }

        var description: String { "TryMap" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            do {
                return downstream.receive(try transform(input))
            } catch {
                if terminateAndCancelUpstream() { downstream.receive(completion: .failure(error)) }
                return .none
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if markTerminal() { downstream.receive(completion: completion.eraseError()) }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
        /// As Combine's: ignored before the upstream subscription arrived (only the upstream holds the inner then).
        func cancel() { forwardCancelUnlessAwaitingSubscription() }
    }
}
