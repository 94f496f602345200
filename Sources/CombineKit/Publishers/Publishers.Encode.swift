import Foundation

extension Publisher where Output: Encodable {
    /// Encodes the output from upstream using a specified encoder; an encoding error fails the stream.
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder> {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publishers {
    /// A publisher that encodes elements received from an upstream publisher, using an encoder.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher where Upstream.Output: Encodable {
        public typealias Output = Coder.Output
        public typealias Failure = Error
        public let upstream: Upstream
        private let encoder: Coder

        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            upstream.subscribe(FilteringInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "Encode", passesCompletionBeforeSubscription: true) { try encoder.encode($0) })
        }
    }
}
