import CombineKit

extension Publisher {
    /// Replaces every value with `()` (RxSwiftExt's `mapTo(())` / the common `mapToVoid()` helper).
    ///
    /// Demand passes straight through.
    public func mapToVoid() -> Publishers.MapToVoid<Self> {
        Publishers.MapToVoid(upstream: self)
    }
}

extension Publishers {
    /// A publisher that replaces each upstream value with `()`. See `Publisher.mapToVoid()`.
    public struct MapToVoid<Upstream: Publisher>: Publisher {
        public typealias Output = Void
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are replaced.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Failure {
            upstream.subscribe(PassthroughInner<Upstream.Output, Void, Failure, S>(downstream: subscriber, name: "MapToVoid", transform: { _ in () }, mapCompletion: identityCompletion))
        }
    }
}
