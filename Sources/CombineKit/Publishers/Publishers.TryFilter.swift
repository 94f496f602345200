extension Publisher {
    /// Republishes all elements that match a provided error-throwing closure.
    public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Self> {
        Publishers.TryFilter(upstream: self, isIncluded: isIncluded)
    }
}

// Specialisations: a filter after a filter fuses into one, as Combine declares on `Publishers.Filter` and
// `Publishers.TryFilter` (developer.apple.com/documentation/combine/publishers/filter and .../tryfilter;
// OpenCombine's Sources/OpenCombine/Publishers/Publishers.Filter.swift).
extension Publishers {
    /// A publisher that republishes all elements that match a provided error-throwing closure.
    public struct TryFilter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) throws -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) throws -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let isIncluded = self.isIncluded
            upstream.subscribe(FilteringInner<Output, Upstream.Failure, S>(downstream: subscriber, name: "TryFilter", requiresSubscriptionFirst: true) { try isIncluded($0) ? $0 : nil })
        }

        /// Fuses this error-throwing filter and `isIncluded` into one `TryFilter`, asking this filter's
        /// closure first; Combine's `Publishers.TryFilter.filter(_:)`.
        public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.TryFilter<Upstream> {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }

        /// Fuses two error-throwing filters into one, asking this filter's closure first (a throw from either
        /// fails the stream); Combine's `Publishers.TryFilter.tryFilter(_:)`.
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }
    }
}
