import CombineKit

extension Publisher where Output == Bool {
    /// Negates every Boolean value (RxSwiftExt's `not()`; CombineExt's `toggle()`).
    ///
    /// Demand passes straight through.
    public func toggle() -> Publishers.Toggle<Self> {
        Publishers.Toggle(upstream: self)
    }
}

extension Publishers {
    /// A publisher that negates each Boolean value of its upstream. See `Publisher.toggle()`.
    public struct Toggle<Upstream: Publisher>: Publisher where Upstream.Output == Bool {
        public typealias Output = Bool
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are negated.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Bool, S.Failure == Failure {
            upstream.subscribe(PassthroughInner<Bool, Bool, Failure, S>(downstream: subscriber, name: "Toggle", transform: { !$0 }, mapCompletion: identityCompletion))
        }
    }
}
