import ReactiveBridgePrimitives

extension Publisher {
    /// Publishes either the most-recent or first element published by the upstream publisher in
    /// the specified time interval.
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S, latest: Bool) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
}

extension Publishers {
    /// A publisher that publishes either the most-recent or first element published by the
    /// upstream publisher in a specified time interval.
    ///
    /// An element arriving when no interval is running is published at once (on the scheduler) and
    /// opens an interval; elements arriving during the interval are held (the newest with
    /// `latest: true`, the first otherwise) and the held one is published when the interval ends,
    /// which opens the next interval. Elements due while the downstream has no demand are dropped.
    /// The upstream is asked for `.unlimited`. The completion (finished or failure) is delivered on the
    /// scheduler; if an element is held for the end of the interval, the completion waits for it and
    /// follows it (as Apple's Combine does: OpenCombine's ThrottleTests, run against Combine).
    public struct Throttle<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, interval: interval, scheduler: scheduler, latest: latest))
        }
    }
}

extension Publishers.Throttle {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        // Guarded by `lock` (no call out while it is held): no run-time exclusivity checks.
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        @exclusivity(unchecked) private var windowOpen = false
        @exclusivity(unchecked) private var held: Input?
        /// A completion that arrived while an element was held: delivered right after that element.
        @exclusivity(unchecked) private var heldCompletion: Subscribers.Completion<Failure>?
        @exclusivity(unchecked) private var finished = false

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.downstream = downstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
        }

        var description: String { "Throttle" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

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
            if windowOpen {
                if latest || held == nil { held = input }
                lock.unlock()
                return .none
            }
            windowOpen = true
            lock.unlock()
            scheduler.schedule { [weak self] in self?.emit(input) }
            return .none
        }

        /// Publishes `value` (if demanded) and opens an interval.
        private func emit(_ value: Input) {
            lock.lock()
            guard !finished else {
                lock.unlock()
                return
            }
            let deliver = demand > 0
            if deliver { demand -= 1 }
            lock.unlock()
            if deliver {
                let more = downstream.receive(value)
                if more > 0 {
                    lock.lock()
                    demand += more
                    lock.unlock()
                }
            }
            lock.lock()
            if !finished, let completion = heldCompletion {
                finished = true
                heldCompletion = nil
                lock.unlock()
                downstream.receive(completion: completion)
                return
            }
            lock.unlock()
            scheduler.schedule(after: scheduler.now.advanced(by: interval)) { [weak self] in self?.intervalEnded() }
        }

        private func intervalEnded() {
            lock.lock()
            guard !finished else {
                lock.unlock()
                return
            }
            guard let value = held else {
                windowOpen = false
                lock.unlock()
                return
            }
            held = nil
            lock.unlock()
            emit(value)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard markTerminal() else { return }
            lock.lock()
            if held != nil {
                heldCompletion = completion
                lock.unlock()
                return
            }
            lock.unlock()
            scheduler.schedule { [self] in
                lock.lock()
                guard !finished else {
                    lock.unlock()
                    return
                }
                finished = true
                held = nil
                heldCompletion = nil
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
            held = nil
            heldCompletion = nil
            lock.unlock()
            forwardCancel()
        }
    }
}

extension Publishers.Throttle.Inner: PlaygroundShowsDescription {}
