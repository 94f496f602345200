import ReactiveBridgePrimitives

extension Publisher {
    /// Attempts to recreate a failed subscription with the upstream publisher up to the number of
    /// times you specify: `retry(n)` subscribes at most `n + 1` times in all. A negative count retries
    /// without limit, as Combine's does.
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
        /// The maximum number of retry attempts to perform (`nil` or negative: retry without limit).
        public let retries: Int?

        public init(upstream: Upstream, retries: Int?) {
            self.upstream = upstream
            self.retries = retries
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(upstream: upstream, downstream: subscriber, retries: retries))
        }
    }
}

extension Publishers.Retry {
    /// Combine's retry: one subscriber for every attempt, which counts the downstream's outstanding demand
    /// and asks each new subscription for it. A failure that arrives while the next attempt is being
    /// subscribed (a publisher that fails from within `subscribe`) is taken up once that call has returned,
    /// so a chain of immediate failures does not nest. Once it has completed or been cancelled it lets go
    /// of the downstream and of the upstream publisher.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = Lock()
        /// `nil` once completed or cancelled.
        private var downstream: Downstream?
        private var upstream: Upstream?
        /// The current attempt's subscription (`nil` between a failure and the next attempt's subscription).
        private var subscription: Subscription?
        /// Retries left (`nil`: without limit).
        private var remaining: Int?
        private var demand = Subscribers.Demand.none
        private var subscribedDownstream = false
        private var subscribing = false
        private var failedWhileSubscribing = false

        init(upstream: Upstream, downstream: Downstream, retries: Int?) {
            self.downstream = downstream
            self.upstream = upstream
            self.remaining = retries.flatMap { $0 < 0 ? nil : $0 }
        }

        var description: String { "Retry" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            lock.lock()
            guard let downstream, self.subscription == nil else {
                lock.unlock()
                subscription.cancel()
                return
            }
            self.subscription = subscription
            let first = !subscribedDownstream
            subscribedDownstream = true
            let carried = demand
            lock.unlock()
            if first { downstream.receive(subscription: self) }
            if carried > 0 { subscription.request(carried) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard let downstream else {
                lock.unlock()
                return .none
            }
            guard demand > 0 else {
                lock.unlock()
                preconditionFailure("Retry received a value it had not requested: its upstream publisher must send no more values than the demand it was given.")
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(input)
            guard more > 0 else { return .none }
            // As Combine's: the new demand goes to the subscription, and `.none` back to the caller.
            lock.lock()
            demand += more
            let subscription = self.subscription
            lock.unlock()
            subscription?.request(more)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            // As Combine's, a completion before the first subscription is taken as any other (a failure with
            // retries left subscribes again; otherwise it is passed on and a later subscription is cancelled).
            guard let downstream else {
                // Completed or cancelled: dropped.
                lock.unlock()
                return
            }
            if case .failure = completion, remaining.map({ $0 > 0 }) ?? true {
                remaining = remaining.map { $0 - 1 }
                subscription = nil
                if subscribing {
                    failedWhileSubscribing = true
                    lock.unlock()
                    return
                }
                subscribing = true
                repeat {
                    failedWhileSubscribing = false
                    guard let upstream else { break }
                    lock.unlock()
                    upstream.subscribe(self)
                    lock.lock()
                } while failedWhileSubscribing
                subscribing = false
                lock.unlock()
                return
            }
            self.downstream = nil
            upstream = nil
            subscription = nil
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard downstream != nil else {
                lock.unlock()
                return
            }
            self.demand += demand
            let subscription = self.subscription
            lock.unlock()
            subscription?.request(demand)
        }

        func cancel() {
            lock.lock()
            let released = (downstream, upstream)
            let subscription = self.subscription
            downstream = nil
            upstream = nil
            self.subscription = nil
            lock.unlock()
            subscription?.cancel()
            withExtendedLifetime(released) {}
        }
    }
}

extension Publishers.Retry.Inner: PlaygroundShowsDescription {}
