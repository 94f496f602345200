extension Publisher {
    /// Calls a closure with each received element and publishes any returned optional that has a value.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
}

// Specialisations: compact-maps fuse, as Combine declares on `Publishers.CompactMap` and
// `Publishers.TryCompactMap` (developer.apple.com/documentation/combine/publishers/compactmap and
// .../trycompactmap; OpenCombine's Sources/OpenCombine/Publishers/Publishers.CompactMap.swift).
extension Publishers {
    /// A publisher that republishes the non-nil results of calling a closure with each element.
    public struct CompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, transform: transform))
        }

        /// Fuses two compact-maps into one: `transform` sees only this one's non-`nil` results. Combine's
        /// `Publishers.CompactMap.compactMap(_:)`.
        public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Upstream, T> {
            let first = self.transform
            return Publishers.CompactMap(upstream: upstream) { first($0).flatMap(transform) }
        }

        /// Fuses a map into this compact-map: `transform` sees only its non-`nil` results. Combine's
        /// `Publishers.CompactMap.map(_:)`.
        public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.CompactMap<Upstream, T> {
            let first = self.transform
            return Publishers.CompactMap(upstream: upstream) { first($0).map(transform) }
        }
    }
}

extension Publishers.CompactMap {
    /// As Combine's: the upstream's subscription goes straight to the downstream (no lock, no state), so
    /// `request(_:)` and `cancel()` reach the upstream unchanged; a published element returns the
    /// downstream's demand, a `nil` result asks the upstream for one more (`.max(1)`).
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let transform: (Input) -> Output?

        init(downstream: Downstream, transform: @escaping (Input) -> Output?) {
            self.downstream = downstream
            self.transform = transform
        }

        var description: String { "CompactMap" }
        var customMirror: Mirror { Mirror(self, children: [:]) }
        var playgroundDescription: Any { description }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard let output = transform(input) else { return .max(1) }
            return downstream.receive(output)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
