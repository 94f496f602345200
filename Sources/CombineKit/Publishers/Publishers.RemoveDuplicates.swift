extension Publisher where Output: Equatable {
    /// Publishes only elements that don't match the previous element.
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher {
    /// Publishes only elements that don't match the previous element, as evaluated by a closure
    /// (which returns `true` when the two elements are duplicates).
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes only elements that don't match the previous element.
    public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            let previous = PreviousElement<Output>()
            upstream.subscribe(FilteringInner<Output, Failure, S>(downstream: subscriber, name: "RemoveDuplicates", requiresSubscriptionFirst: true, mirrorLast: { previous.value as Any }) { element in
                defer { previous.value = element }
                if let last = previous.value, predicate(last, element) { return nil }
                return element
            })
        }
    }
}
