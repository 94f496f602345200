import ReactiveBridgePrimitives

extension Publisher {
    /// Measures and emits the time interval between events received from an upstream publisher
    /// (the first one measured from the subscription).
    public func measureInterval<S: Scheduler>(using scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.MeasureInterval<Self, S> {
        Publishers.MeasureInterval(upstream: self, scheduler: scheduler)
    }
}

extension Publishers {
    /// A publisher that measures and emits the time interval between events received from an upstream publisher.
    public struct MeasureInterval<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Context.SchedulerTimeType.Stride
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context

        public init(upstream: Upstream, scheduler: Context) {
            self.upstream = upstream
            self.scheduler = scheduler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, scheduler: scheduler))
        }
    }
}

extension Publishers.MeasureInterval {
    // As Combine (OpenCombine's MeasureIntervalTests, run against Combine): `now` is read when the subscription
    // arrives and for each element while subscribed; the downstream's demand from `receive(_:)` is requested
    // from the upstream (`receive(_:)` returns `.none`), and `request(_:)` passes up as it is.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        private let downstream: Downstream
        private let scheduler: Context
        // Guarded by `lock` (no call out while it is held).
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        @exclusivity(unchecked) private var last: Context.SchedulerTimeType?

        init(downstream: Downstream, scheduler: Context) {
            self.downstream = downstream
            self.scheduler = scheduler
        }

        var description: String { "MeasureInterval" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard storeFirstSubscription(subscription) else { return }
            let now = scheduler.now
            lock.lock()
            last = now
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, last != nil else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let now = scheduler.now
            lock.lock()
            guard case .subscribed(let subscription) = status, let previous = last else {
                lock.unlock()
                return .none
            }
            last = now
            lock.unlock()
            let more = downstream.receive(previous.distance(to: now))
            if more > .none { subscription.request(more) }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard endIfSubscribed({ last = nil }) != nil else { return }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            currentSubscription()?.request(demand)
        }

        // Combine: a cancel before the subscription arrived, or after the end, does nothing.
        func cancel() {
            endIfSubscribed { last = nil }?.cancel()
        }
    }
}

extension Publishers.MeasureInterval.Inner: PlaygroundShowsDescription {}
