import Foundation

extension Publisher {
    /// Decodes the output from the upstream using a specified decoder; a decoding error fails the stream.
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(type: Item.Type, decoder: Coder) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }
}

extension Publishers {
    /// A publisher that decodes elements received from an upstream publisher, using a decoder.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher where Upstream.Output == Coder.Input {
        public typealias Failure = Error
        public let upstream: Upstream
        private let decoder: Coder

        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            upstream.subscribe(FilteringInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, name: "Decode", passesCompletionBeforeSubscription: true) { try decoder.decode(Output.self, from: $0) })
        }
    }
}
