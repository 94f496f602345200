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
            upstream.subscribe(FilteringInner<Upstream.Output, Failure, S>(downstream: subscriber, name: "CompactMap", select: transform))
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
