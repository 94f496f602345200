extension Publisher {
    /// Transforms all elements from the upstream publisher with a provided closure.
    @inlinable
    public consuming func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }

    /// Replaces nil elements in the stream with the provided element.
    public func replaceNil<T>(with output: T) -> Publishers.Map<Self, T> where Output == T? {
        Publishers.Map(upstream: self) { $0 ?? output }
    }
}

// Specialisations: maps fuse, as Combine declares on `Publishers.Map` and `Publishers.TryMap`
// (developer.apple.com/documentation/combine/publishers/map and .../trymap; OpenCombine's
// Sources/OpenCombine/Publishers/Publishers.Map.swift).
extension Publishers {
    /// A publisher that transforms all elements from the upstream publisher with a provided closure.
    public struct Map<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure

        /// The publisher from which this publisher receives elements.
        public let upstream: Upstream
        /// The closure that transforms elements from the upstream publisher.
        public let transform: (Upstream.Output) -> Output

        public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
            self.upstream = upstream
            self.transform = transform
        }

        // Inlinable: where the chain's types are concrete (a chain subscribed directly, or a `sink` on an
        // erased one, see `PublisherBoxBase.subscribeSink(_:)`), the caller builds the subscription with the
        // inner's metadata and conformance from its own caches instead of a runtime look-up each. The
        // upstream is subscribed with `receive(subscriber:)`, not `subscribe(_:)` (see there), and the
        // subscriber moved (`consuming`), not copied.
        @inlinable
        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: MappingSubscriber(downstream: consume subscriber, name: "Map", transform: transform))
        }

        /// Fuses two maps into one that applies this map's closure, then `transform`; Combine's
        /// `Publishers.Map.map(_:)`.
        @inlinable
        public consuming func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Upstream, T> {
            let first = self.transform
            return Publishers.Map(upstream: upstream) { transform(first($0)) }
        }

        /// Fuses this map and an error-throwing `transform` into one `TryMap`, applying this map's closure
        /// first; Combine's `Publishers.Map.tryMap(_:)`.
        public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Upstream, T> {
            let first = self.transform
            return Publishers.TryMap(upstream: upstream) { try transform(first($0)) }
        }
    }
}

/// The subscriber of the non-throwing maps (`map(_:)`, `replaceNil(with:)`, the key-path maps): a struct
/// that stands between the upstream and the downstream without a subscription of its own, as Combine's
/// `Publishers.Map` does.
///
/// A pure per-value transform needs no state: the upstream's subscription goes straight to the
/// downstream, so demand and cancellation reach the upstream directly, and the upstream's guarantees
/// (never more than demanded, nothing after a terminal event or after `cancel()`, no concurrent calls)
/// carry over unchanged. No lock, no allocation, one call per value. (`tryMap` keeps an inner object: a
/// thrown error has to cancel the upstream and fail the stream, which needs a subscription of its own.)
///
/// `Output` is a generic parameter of its own (rather than `Downstream.Input`) so that the per-value
/// path, which needs the output type's metadata for its temporary, finds it in the type's own metadata
/// instead of an associated-type look-up per value in unspecialised code.
///
/// `Downstream` is unconstrained in the declaration and the `Subscriber` conformance conditional: with three
/// type arguments and no witness table, the type's metadata accessor takes its arguments in registers, so
/// the optimiser shares one look-up between making the struct and finding its conformance (with a witness
/// table argument it made two, a hash-table probe each, per subscription).
@usableFromInline
internal struct MappingSubscriber<Input, Output, Downstream>: CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    private let downstream: Downstream
    private let transform: (Input) -> Output
    private let name: String
    /// The key paths of `map(_:)`, `map(_:_:)`, `map(_:_:_:)` (empty for the closure maps), for the mirror.
    private let keyPaths: [AnyKeyPath]

    @usableFromInline init(downstream: consuming Downstream, name: String, keyPaths: [AnyKeyPath] = [], transform: @escaping (Input) -> Output) {
        self.downstream = consume downstream
        self.name = name
        self.keyPaths = keyPaths
        self.transform = transform
    }

    @usableFromInline var description: String { name }
    /// As Combine's: `Map` shows no children; `ValueForKey` its `keyPath`, `ValueForKeys` `keyPath0`, `keyPath1`, ….
    @usableFromInline var customMirror: Mirror {
        if keyPaths.count == 1 { return Mirror(self, children: ["keyPath": keyPaths[0]]) }
        return Mirror(self, children: keyPaths.enumerated().map { (label: "keyPath\($0.offset)", value: $0.element as Any) })
    }
    @usableFromInline var playgroundDescription: Any { description }
}

extension MappingSubscriber: CustomCombineIdentifierConvertible where Downstream: Subscriber {
    /// The downstream's identifier: this struct only relays its stream.
    @usableFromInline var combineIdentifier: CombineIdentifier { downstream.combineIdentifier }
}

extension MappingSubscriber: Subscriber where Downstream: Subscriber, Downstream.Input == Output {
    @usableFromInline typealias Failure = Downstream.Failure

    @usableFromInline func receive(subscription: Subscription) {
        downstream.receive(subscription: subscription)
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(transform(input))
    }

    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
