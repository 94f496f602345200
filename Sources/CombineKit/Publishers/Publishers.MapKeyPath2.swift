extension Publisher {
    /// Publishes the values of two key paths as a tuple.
    public func map<T0, T1>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }
}

extension Publishers {
    /// A publisher that publishes the values of two key paths as a tuple.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher {
        public typealias Output = (Output0, Output1)
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(MappingSubscriber(downstream: subscriber, name: "ValueForKeys", keyPaths: [keyPath0, keyPath1]) { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) })
        }
    }
}
