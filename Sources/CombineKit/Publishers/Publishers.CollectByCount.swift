import ReactiveBridgePrimitives

extension Publisher {
    /// Collects up to the specified number of elements, and then emits a single array of the
    /// collection (the remainder, if any, when the upstream finishes).
    public func collect(_ count: Int) -> Publishers.CollectByCount<Self> {
        Publishers.CollectByCount(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that buffers a maximum number of items. Each downstream demand of `n` arrays
    /// asks the upstream for `n * count` elements. On failure the buffered items are dropped.
    public struct CollectByCount<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count > 0, "collect(_:) was given count \(count); pass a positive count (use collect() to gather everything).")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.CollectByCount {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let count: Int
        private var buffer: [Input] = []

        init(downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.count = count
            buffer.reserveCapacity(count)
        }

        var description: String { "CollectByCount" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "upstreamSubscription": status, "buffer": buffer, "count": count]) }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            buffer.append(input)
            guard buffer.count == count else {
                lock.unlock()
                return .none
            }
            let batch = buffer
            buffer = []
            buffer.reserveCapacity(count)
            lock.unlock()
            return downstream.receive(batch) * count
        }

        /// As Combine's, a completion before the upstream subscription is passed on (the subscription is then
        /// cancelled when it comes); one after the end is dropped.
        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !status.isTerminal else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            let remainder = buffer
            buffer = []
            lock.unlock()
            if case .finished = completion, !remainder.isEmpty {
                _ = downstream.receive(remainder)
            }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand * count) }
        func cancel() { forwardCancelUnlessAwaitingSubscription() }
    }
}

extension Publishers.CollectByCount.Inner: PlaygroundShowsDescription {}
