import ReactiveBridgePrimitives

extension Publisher {
    /// Publishes elements only after a specified time interval elapses between events: each
    /// element waits `dueTime` on the scheduler and is dropped if another arrives meanwhile.
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that publishes elements only after a specified time interval elapses between events.
    ///
    /// It asks the upstream for `.unlimited` elements and delivers on the scheduler; an element
    /// that becomes due while the downstream has no demand is dropped. The completion is delivered
    /// on the scheduler without waiting, and an element still waiting for its quiet period is
    /// dropped (as in Combine).
    public struct Debounce<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, dueTime: dueTime, scheduler: scheduler, options: options))
        }
    }
}

extension Publishers.Debounce {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        // Guarded by `lock` (no call out while it is held): no run-time exclusivity checks.
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        @exclusivity(unchecked) private var generation = 0
        @exclusivity(unchecked) private var pending: Input?
        @exclusivity(unchecked) private var finished = false

        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "Debounce" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "downstreamDemand": demand, "currentValue": pending as Any]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            generation += 1
            let current = generation
            pending = input
            lock.unlock()
            scheduler.schedule(after: scheduler.now.advanced(by: dueTime), tolerance: scheduler.minimumTolerance, options: options) { [weak self] in
                self?.due(current)
            }
            return .none
        }

        private func due(_ generation: Int) {
            lock.lock()
            guard generation == self.generation, !finished, let value = pending else {
                lock.unlock()
                return
            }
            pending = nil
            guard demand > 0 else {
                lock.unlock()
                return
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(value)
            if more > 0 {
                lock.lock()
                demand += more
                lock.unlock()
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            pending = nil
            generation += 1
            lock.unlock()
            scheduler.schedule(options: options) { [self] in
                lock.lock()
                guard !finished else {
                    lock.unlock()
                    return
                }
                finished = true
                lock.unlock()
                downstream.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            self.demand += demand
            lock.unlock()
        }

        func cancel() {
            lock.lock()
            finished = true
            pending = nil
            lock.unlock()
            forwardCancel()
        }
    }
}

extension Publishers.Debounce.Inner: PlaygroundShowsDescription {}
