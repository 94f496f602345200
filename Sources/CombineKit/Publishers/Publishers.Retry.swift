import ReactiveBridgePrimitives

extension Publisher {
    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of
    /// times you specify: `retry(n)` subscribes at most `n + 1` times in all.
    public func retry(_ retries: Int) -> Publishers.Retry<Self> {
        Publishers.Retry(upstream: self, retries: retries)
    }
}

extension Publishers {
    /// A publisher that attempts to recreate its subscription to a failed upstream publisher.
    /// Each new subscription receives the demand the failed ones did not use.
    public struct Retry<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        /// The maximum number of retry attempts to perform (`nil`: retry without limit).
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            precondition((retries ?? 0) >= 0, "retry(_:) was given a negative number of retries (\(retries ?? 0)); pass 0 or more (0 subscribes once and never retries).")
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(upstream: upstream, downstream: subscriber, retries: retries))
        }
    }
}

extension Publishers.Retry {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let upstream: Upstream
        private let downstream: Downstream
        private var remaining: Int?
        private var demand = Subscribers.Demand.none
        private var subscribedDownstream = false
        private var cancelled = false

        init(upstream: Upstream, downstream: Downstream, retries: Int?) {
            self.upstream = upstream
            self.downstream = downstream
            self.remaining = retries
        }

        var description: String { "Retry" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            lock.lock()
            let first = !subscribedDownstream
            subscribedDownstream = true
            let carried = demand
            lock.unlock()
            if first {
                downstream.receive(subscription: self)
            } else if carried > 0 {
                subscription.request(carried)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(input)
            if more > 0 {
                lock.lock()
                demand += more
                lock.unlock()
            }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            if case .failure = completion, !cancelled, remaining.map({ $0 > 0 }) ?? true {
                remaining = remaining.map { $0 - 1 }
                status = .awaitingSubscription
                lock.setSubscribedFlag(false)
                lock.unlock()
                upstream.subscribe(self)
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            self.demand += demand
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand)
        }

        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
            forwardCancel()
        }
    }
}

extension Publishers.Retry.Inner: PlaygroundShowsDescription {}
