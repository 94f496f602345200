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

    /// Like `removeDuplicates(by:)` with an error-throwing closure.
    public func tryRemoveDuplicates(by predicate: @escaping (Output, Output) throws -> Bool) -> Publishers.TryRemoveDuplicates<Self> {
        Publishers.TryRemoveDuplicates(upstream: self, predicate: predicate)
    }
}

/// Remembers the previous element for one subscription of removeDuplicates.
private final class PreviousElement<Element> {
    var value: Element?
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
            upstream.subscribe(FilteringInner<Output, Failure, S>(downstream: subscriber, name: "RemoveDuplicates") { element in
                defer { previous.value = element }
                if let last = previous.value, predicate(last, element) { return nil }
                return element
            })
        }
    }

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
            upstream.subscribe(FilteringInner<Output, Upstream.Failure, S>(downstream: subscriber, name: "TryRemoveDuplicates") { element in
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
