extension Publisher {
    /// Calls an error-throwing closure with each element and publishes any returned optional that has a value.
    public func tryCompactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Self, T> {
        Publishers.TryCompactMap(upstream: self, transform: transform)
    }
}

// Specialisations: compact-maps fuse, as Combine declares on `Publishers.CompactMap` and
// `Publishers.TryCompactMap` (developer.apple.com/documentation/combine/publishers/compactmap and
// .../trycompactmap; OpenCombine's Sources/OpenCombine/Publishers/Publishers.CompactMap.swift).
extension Publishers {
    /// A publisher that republishes the non-nil results of calling an error-throwing closure.
    public struct TryCompactMap<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output?

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) throws -> Output?) {
            self.upstream = upstream
            self.transform = transform
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(FilteringInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "TryCompactMap", requiresSubscriptionFirst: true, select: transform))
        }

        /// Fuses a compact-map with an error-throwing closure into this one: `transform` sees only this one's
        /// non-`nil` results, and a throw from either fails the stream. Combine's
        /// `Publishers.TryCompactMap.compactMap(_:)`.
        public func compactMap<T>(_ transform: @escaping (Output) throws -> T?) -> Publishers.TryCompactMap<Upstream, T> {
            let first = self.transform
            return Publishers.TryCompactMap(upstream: upstream) { try first($0).flatMap(transform) }
        }
    }
}
