import ReactiveBridgePrimitives

extension Publisher {
    /// Delays delivery of all output (and the completion) to the downstream receiver by a specified amount of time on a particular scheduler.
    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S> {
        Publishers.Delay(upstream: self, interval: interval, tolerance: tolerance ?? scheduler.minimumTolerance, scheduler: scheduler, options: options)
    }
}

extension Publishers {
    /// A publisher that delays delivery of elements and completion to the downstream receiver.
    /// Demand is forwarded to the upstream unchanged.
    public struct Delay<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let tolerance: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, tolerance: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions? = nil) {
            self.upstream = upstream
            self.interval = interval
            self.tolerance = tolerance
            self.scheduler = scheduler
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Delay {
    // As Combine (OpenCombine's DelayTests, run against Combine): each element and the completion is scheduled
    // with `schedule(after: now + interval, tolerance:options:)`; demand passes up as it is (`.none` included);
    // a cancel after the completion arrived does not stop its delivery. Combine's Delay subscription has no
    // description or mirror of its own.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        private let downstream: Downstream
        private let publisher: Publishers.Delay<Upstream, Context>
        // Guarded by `lock` (no call out while it is held).
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        /// The completion arrived and waits for its delivery: no more elements, requests or cancel.
        @exclusivity(unchecked) private var completionPending = false

        init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
            self.downstream = downstream
            self.publisher = publisher
        }

        private var accepting: Bool { status.isSubscribed && !completionPending }

        // Strong capture, as Combine: a scheduled event keeps the subscription alive.
        private func later(_ action: @escaping () -> Void) {
            let scheduler = publisher.scheduler
            scheduler.schedule(after: scheduler.now.advanced(by: publisher.interval), tolerance: publisher.tolerance, options: publisher.options, action)
        }

        func receive(subscription: Subscription) {
            guard storeFirstSubscription(subscription) else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            let open = accepting
            lock.unlock()
            if open { later { self.deliver(input) } }
            return .none
        }

        private func deliver(_ input: Input) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            lock.unlock()
            let more = downstream.receive(input)
            guard more != .none else { return }
            currentSubscription()?.request(more)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard accepting else {
                lock.unlock()
                return
            }
            completionPending = true
            lock.unlock()
            later { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            guard endIfSubscribed() != nil else { return }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard accepting, let subscription = status.copySubscription() else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand)
        }

        // Combine: a cancel before the subscription arrived, or once the completion arrived, does nothing.
        func cancel() {
            lock.lock()
            guard accepting else {
                lock.unlock()
                return
            }
            let previous = status.take()
            lock.unlock()
            if case .subscribed(let subscription) = consume previous { subscription.cancel() }
        }
    }
}
