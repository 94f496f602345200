extension Publisher {
    /// Like `removeDuplicates(by:)` with an error-throwing closure.
    public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

extension Publishers {
    /// A publisher that publishes only elements that don't match the previous element, as evaluated
    /// by an error-throwing closure.
    public struct TryRemoveDuplicates<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Error
        public let upstream: Upstream
        public let predicate: (Output, Output) throws -> Bool

        public init(upstream: Upstream, predicate: @escaping (Output, Output) throws -> Bool) {
            self.upstream = upstream
            self.predicate = predicate
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let predicate = self.predicate
            let previous = PreviousElement<Output>()
            upstream.subscribe(FilteringInner<Output, Upstream.Failure, S>(downstream: subscriber, name: "TryRemoveDuplicates", requiresSubscriptionFirst: true, mirrorLast: { previous.value as Any }) { element in
                if let last = previous.value, try predicate(last, element) {
                    previous.value = element
                    return nil
                }
                previous.value = element
                return element
            })
        }
    }
}
