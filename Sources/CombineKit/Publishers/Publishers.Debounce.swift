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
    /// The timer of the newest element: reserved before the scheduler is asked (so a timer that fires while
    /// it is being armed finds it), then holding the scheduler's cancellable.
    fileprivate enum TimerSlot {
        case none
        case arming
        case armed(Cancellable)
    }

    // Combine's scheduler calls (which custom and test schedulers see): each element arms a repeating timer
    // (`now`, `minimumTolerance`, `schedule(after: now + dueTime, interval: dueTime, tolerance:options:)`) and
    // cancels the previous element's; the first firing of the newest element's timer publishes it and cancels
    // that timer. The completion cancels the timer and is delivered through `schedule(options: nil)`.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        private let downstream: Downstream
        private let dueTime: Context.SchedulerTimeType.Stride
        private let scheduler: Context
        private let options: Context.SchedulerOptions?
        // Guarded by `lock` (no call out while it is held).
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        @exclusivity(unchecked) private var generation: UInt64 = 0
        @exclusivity(unchecked) private var currentValue: Input?
        @exclusivity(unchecked) private var timer = TimerSlot.none

        init(downstream: Downstream, dueTime: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.dueTime = dueTime
            self.scheduler = scheduler
            self.options = options
        }

        var description: String { "Debounce" }
        var customMirror: Mirror {
            lock.lock()
            defer { lock.unlock() }
            return Mirror(self, children: ["downstream": downstream, "downstreamDemand": demand, "currentValue": currentValue as Any])
        }

        private func takeTimer() -> Cancellable? {
            let previous = timer
            timer = .none
            if case .armed(let cancellable) = previous { return cancellable }
            return nil
        }

        func receive(subscription: Subscription) {
            guard storeFirstSubscription(subscription) else { return }
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
            currentValue = input
            let previous = takeTimer()
            timer = .arming
            lock.unlock()
            let due = scheduler.now.advanced(by: dueTime)
            // Strong capture, as Combine: the pending timer keeps the subscription alive.
            let armed = scheduler.schedule(after: due, interval: dueTime, tolerance: scheduler.minimumTolerance, options: options) {
                self.due(current)
            }
            lock.lock()
            if current == generation, case .arming = timer {
                timer = .armed(armed)
                lock.unlock()
            } else {
                // Replaced, ended, or already fired while it was being armed.
                lock.unlock()
                armed.cancel()
            }
            previous?.cancel()
            return .none
        }

        private func due(_ generation: UInt64) {
            lock.lock()
            guard status.isSubscribed, generation == self.generation, let value = currentValue else {
                lock.unlock()
                return
            }
            if case .none = timer {  // this element was published already (a repeated firing)
                lock.unlock()
                return
            }
            let armed = takeTimer()
            let deliver = demand > .none
            if deliver { demand -= 1 }
            lock.unlock()
            armed?.cancel()
            guard deliver else { return }
            let more = downstream.receive(value)
            guard more > .none else { return }
            lock.lock()
            demand += more
            lock.unlock()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            var armed: Cancellable?
            guard endIfSubscribed({ armed = takeTimer() }) != nil else { return }
            armed?.cancel()
            scheduler.schedule { self.downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            if status.isSubscribed { self.demand += demand }
            lock.unlock()
        }

        // Combine: a cancel before the subscription arrived, or after the end, does nothing.
        func cancel() {
            var armed: Cancellable?
            guard let subscription = endIfSubscribed({ armed = takeTimer() }) else { return }
            armed?.cancel()
            subscription.cancel()
        }
    }
}

extension Publishers.Debounce.Inner: PlaygroundShowsDescription {}
