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
    /// As Apple's Combine does (OpenCombine's ThrottleTests, run against Combine): the upstream is asked for
    /// `.unlimited`; an element that arrives while the downstream has no outstanding demand is dropped. The first
    /// element is published at once (on the scheduler); after that, an element that arrives when nothing is
    /// scheduled is published one interval after the last publication (at once if that time has passed) and
    /// takes one unit of demand. Until that scheduled publication runs, later elements replace it with
    /// `latest: true` and are dropped with `latest: false`. The completion (finished or failure) is delivered
    /// on the scheduler; if an element is scheduled, the completion follows it in the same action.
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
    // Combine's scheduler calls (which custom and test schedulers see): `now` when the inner is created, when
    // the subscription arrives, for every element and the completion, and when an element is published;
    // `schedule(options: nil)` for a publication due now, `schedule(after:)` (so `minimumTolerance`, then
    // `schedule(after:tolerance:options: nil)`) for a later one.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        private let interval: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let latest: Bool
        // Guarded by `lock` (no call out while it is held).
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        /// Released on cancel and after the completion, as Combine does.
        @exclusivity(unchecked) private var downstream: Downstream?
        @exclusivity(unchecked) private var completionReceived = false
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        @exclusivity(unchecked) private var lastEmission: Context.SchedulerTimeType?
        @exclusivity(unchecked) private var pendingInput: Input?
        @exclusivity(unchecked) private var pendingCompletion: Subscribers.Completion<Failure>?

        init(downstream: Downstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, latest: Bool) {
            self.downstream = downstream
            self.interval = interval
            self.scheduler = scheduler
            self.latest = latest
            _ = scheduler.now  // Combine reads the clock here.
        }

        var description: String { "Throttle" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard storeFirstSubscription(subscription) else { return }
            lock.lock()
            let downstream = self.downstream
            lock.unlock()
            _ = scheduler.now  // Combine reads the clock here.
            subscription.request(.unlimited)
            downstream?.receive(subscription: self)
        }

        private var accepting: Bool { status.isSubscribed && !completionReceived }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard accepting else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            let now = scheduler.now
            lock.lock()
            guard accepting, demand > .none else {
                lock.unlock()
                return .none
            }
            let scheduled = pendingInput != nil || pendingCompletion != nil
            if scheduled {
                if latest { pendingInput = input }
                lock.unlock()
                return .none
            }
            let due = lastEmission.map { Swift.max(now, $0.advanced(by: interval)) } ?? now
            demand -= 1
            pendingInput = input
            lock.unlock()
            if due == now {
                scheduler.schedule { [weak self] in self?.emit() }
            } else {
                scheduler.schedule(after: due) { [weak self] in self?.emit() }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard accepting else {
                lock.unlock()
                return
            }
            lock.unlock()
            _ = scheduler.now  // Combine reads the clock here.
            lock.lock()
            guard accepting else {
                lock.unlock()
                return
            }
            completionReceived = true
            let scheduled = pendingInput != nil || pendingCompletion != nil
            pendingCompletion = completion
            lock.unlock()
            if !scheduled {
                scheduler.schedule { [weak self] in self?.emit() }
            }
        }

        /// Publishes what is scheduled: the element, then the completion.
        private func emit() {
            lock.lock()
            guard status.isSubscribed, let downstream else {
                lock.unlock()
                return
            }
            let input = pendingInput.take()
            let completion = pendingCompletion.take()
            if completion != nil {
                status = .terminal
                self.downstream = nil
            }
            lock.unlock()
            if input != nil, completion == nil {
                let now = scheduler.now
                lock.lock()
                lastEmission = now
                lock.unlock()
            }
            let more = input.map { downstream.receive($0) } ?? .none
            if let completion { downstream.receive(completion: completion) }
            if more > .none {
                lock.lock()
                demand += more
                lock.unlock()
            }
        }

        // Combine ignores `.none` and a request after the end.
        func request(_ demand: Subscribers.Demand) {
            guard demand > .none else { return }
            lock.lock()
            if accepting { self.demand += demand }
            lock.unlock()
        }

        // Combine: cancel ends the subscription in any state, so a subscription that arrives later is cancelled.
        func cancel() {
            lock.lock()
            let previous = status.take()
            downstream = nil
            pendingInput = nil
            pendingCompletion = nil
            lock.unlock()
            if case .subscribed(let subscription) = consume previous { subscription.cancel() }
        }
    }
}

extension Publishers.Throttle.Inner: PlaygroundShowsDescription {}
