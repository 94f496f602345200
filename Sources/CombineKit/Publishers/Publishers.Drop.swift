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
    /// As Combine's, it hands its subscription to the downstream before it subscribes to the upstream;
    /// what the downstream requests meanwhile is added to the `count` elements it drops and asked of the
    /// upstream in one request once the upstream's subscription arrives. Later requests pass up unchanged,
    /// and the downstream's demand from `receive(_:)` is returned as it is.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            // As Combine's, a negative count stops when the publisher is subscribed, not when it is made.
            precondition(count >= 0, "dropFirst(_:) was given a negative count (\(count)); pass 0 or more (0 drops nothing).")
            let inner = Inner(downstream: subscriber, count: count)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.Drop {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        private let lock = Lock()
        private var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private var remaining: Int
        /// What the downstream requested before the upstream's subscription arrived.
        private var pending = Subscribers.Demand.none

        init(downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.remaining = count
        }

        var description: String { "Drop" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            lock.lock()
            guard status.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            let demand = pending + remaining
            pending = .none
            lock.unlock()
            if demand > 0 { subscription.request(demand) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard !status.isTerminal else {
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
            lock.lock()
            guard !status.isTerminal else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            if let subscription = status.copySubscription() {
                lock.unlock()
                subscription.request(demand)
                return
            }
            if !status.isTerminal { pending += demand }
            lock.unlock()
        }

        /// Cancels the upstream, or (before it arrived) the subscription still to come.
        func cancel() {
            lock.lock()
            let previous = status.take()
            lock.unlock()
            if case .subscribed(let subscription) = consume previous { subscription.cancel() }
        }
    }
}

extension Publishers.Drop.Inner: PlaygroundShowsDescription {}
