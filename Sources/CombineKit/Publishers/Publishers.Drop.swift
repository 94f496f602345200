import ReactiveBridgePrimitives

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    ///
    /// On the first downstream request it asks the upstream for that demand plus `count`.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "dropFirst(_:) was given a negative count (\(count)); pass 0 or more (0 drops nothing).")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.Drop {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private var remaining: Int
        private var requestedBefore = false

        init(downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.remaining = count
        }

        var description: String { "Drop" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "remaining": remaining]) }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            if remaining > 0 {
                remaining -= 1
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if markTerminal() { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            let upstreamDemand = requestedBefore ? demand : demand + remaining
            requestedBefore = true
            lock.unlock()
            subscription.request(upstreamDemand)
        }

        func cancel() { forwardCancel() }
    }
}
