extension Publisher {
    /// Publishes the values of three key paths as a tuple.
    public func map<T0, T1, T2>(_ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

extension Publishers {
    /// A publisher that publishes the values of three key paths as a tuple.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher {
        public typealias Output = (Output0, Output1, Output2)
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            upstream.subscribe(MappingSubscriber(downstream: subscriber, name: "ValueForKeys", keyPaths: [keyPath0, keyPath1, keyPath2]) {
                ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2])
            })
        }
    }
}
