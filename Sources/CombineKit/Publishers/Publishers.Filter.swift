import ReactiveBridgePrimitives

extension Publisher {
    /// Republishes all elements that match a provided closure.
    @inlinable
    public consuming func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
}

// Specialisations: a filter after a filter fuses into one, as Combine declares on `Publishers.Filter` and
// `Publishers.TryFilter` (developer.apple.com/documentation/combine/publishers/filter and .../tryfilter;
// OpenCombine's Sources/OpenCombine/Publishers/Publishers.Filter.swift).
extension Publishers {
    /// A publisher that republishes all elements that match a provided closure.
    public struct Filter<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool

        public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
            self.upstream = upstream
            self.isIncluded = isIncluded
        }

        // Inlinable: where the chain's types are concrete (a chain subscribed directly, or a `sink` on an
        // erased one, see `PublisherBoxBase.subscribeSink(_:)`), the caller builds the subscription with the
        // inner's metadata and conformance from its own caches instead of a runtime look-up each. The
        // upstream is subscribed with `receive(subscriber:)`, not `subscribe(_:)` (see there), and the
        // subscriber moved (`consuming`), not copied.
        @inlinable
        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: Inner(downstream: consume subscriber, isIncluded: isIncluded))
        }

        /// Fuses two filters into one that keeps an element when this filter's closure and then `isIncluded`
        /// accept it (`isIncluded` only sees what this filter accepts); Combine's `Publishers.Filter.filter(_:)`.
        @inlinable
        public consuming func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Upstream> {
            let first = self.isIncluded
            return Publishers.Filter(upstream: upstream) { first($0) && isIncluded($0) }
        }

        /// Fuses this filter and an error-throwing one into one `TryFilter`, asking this filter's closure
        /// first; Combine's `Publishers.Filter.tryFilter(_:)`.
        public func tryFilter(_ isIncluded: @escaping (Output) throws -> Bool) -> Publishers.TryFilter<Upstream> {
            let first = self.isIncluded
            return Publishers.TryFilter(upstream: upstream) { try first($0) && isIncluded($0) }
        }
    }
}

extension Publishers.Filter {
    /// As Combine's: the upstream's subscription goes straight to the downstream (no lock, no state), so
    /// `request(_:)` and `cancel()` reach the upstream unchanged; an included element returns the
    /// downstream's demand, a dropped one asks the upstream for one more (`.max(1)`). A non-throwing
    /// predicate returning `Bool` keeps the per-value path free of an `Optional<Output>` (a runtime
    /// metadata look-up per value in unspecialised generic code).
    @usableFromInline
    internal final class Inner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
    {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        private let downstream: Downstream
        private let isIncluded: (Input) -> Bool

        @usableFromInline init(downstream: consuming Downstream, isIncluded: @escaping (Input) -> Bool) {
            self.downstream = consume downstream
            self.isIncluded = isIncluded
        }

        @usableFromInline var description: String { "Filter" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
        @usableFromInline var playgroundDescription: Any { description }

        @usableFromInline func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
            isIncluded(input) ? downstream.receive(input) : .max(1)
        }

        @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }
}
