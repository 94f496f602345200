extension Publisher {
    /// Publishes the value of a key path.
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }
}

extension Publishers {
    /// A publisher that publishes the value of a key path.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let keyPath: KeyPath<Upstream.Output, Output>

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keyPath = self.keyPath
            upstream.subscribe(MappingSubscriber(downstream: subscriber, name: "ValueForKey", keyPaths: [keyPath]) { $0[keyPath: keyPath] })
        }
    }
}
