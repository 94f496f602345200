import ReactiveBridgePrimitives

extension Publisher {
    /// Terminates publishing if the upstream publisher exceeds the specified time interval without
    /// producing an element: it finishes normally, or fails with `customError()` if given.
    public func timeout<S: Scheduler>(_ interval: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil,
                                      customError: (() -> Failure)? = nil) -> Publishers.Timeout<Self, S> {
        Publishers.Timeout(upstream: self, interval: interval, scheduler: scheduler, options: options, customError: customError)
    }
}

extension Publishers {
    /// A publisher that terminates if the upstream is silent (from the subscription, or since its
    /// last element) for longer than `interval`. Elements and the completion are delivered on the scheduler.
    /// As in Combine, the downstream's first request restarts the clock, and the scheduler must run the timer
    /// later: `ImmediateScheduler` stops with a precondition.
    public struct Timeout<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let options: Context.SchedulerOptions?
        public let customError: (() -> Upstream.Failure)?

        public init(upstream: Upstream, interval: Context.SchedulerTimeType.Stride, scheduler: Context, options: Context.SchedulerOptions?, customError: (() -> Publishers.Timeout<Upstream, Context>.Failure)?) {
            self.upstream = upstream
            self.interval = interval
            self.scheduler = scheduler
            self.options = options
            self.customError = customError
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, publisher: self))
        }
    }
}

extension Publishers.Timeout {
    // Combine's scheduler calls, which custom and test schedulers see (OpenCombine's TimeoutTests, run against
    // Combine): the subscription, the downstream's first request and every element each arm a repeating timer
    // (`now`, `minimumTolerance`, `schedule(after: now + interval, interval:tolerance:options:)`), cancelling the
    // one before; each element and the completion are then delivered through `schedule(options:)`.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        private let downstream: Downstream
        private let publisher: Publishers.Timeout<Upstream, Context>
        // Guarded by `lock` (no call out while it is held).
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        @exclusivity(unchecked) private var timedOutAlready = false
        @exclusivity(unchecked) private var requestedOnce = false
        /// The armed timer and its generation: a timer that fires after it was replaced is ignored.
        @exclusivity(unchecked) private var timer: Cancellable?
        @exclusivity(unchecked) private var generation = 0

        init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
            self.downstream = downstream
            self.publisher = publisher
        }

        var description: String { "Timeout" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        /// Arms a new timer in place of the current one (call without the lock held).
        private func rearm() {
            lock.lock()
            generation += 1
            let current = generation
            let previous = timer
            timer = nil
            lock.unlock()
            previous?.cancel()
            let scheduler = publisher.scheduler
            precondition(Context.self != ImmediateScheduler.self,
                         "timeout(_:scheduler:) needs a scheduler that runs its timer later: ImmediateScheduler would time out at once. Use a DispatchQueue, RunLoop or OperationQueue, or a test scheduler.")
            // Strong capture, as Combine: the pending timer keeps the subscription alive.
            let armed = scheduler.schedule(after: scheduler.now.advanced(by: publisher.interval), interval: publisher.interval,
                                           tolerance: scheduler.minimumTolerance, options: publisher.options) { self.timedOut(current) }
            lock.lock()
            if current == generation, status.isSubscribed {
                timer = armed
                lock.unlock()
            } else {
                lock.unlock()
                armed.cancel()
            }
        }

        private func takeTimer() -> Cancellable? {
            generation += 1
            let previous = timer
            timer = nil
            return previous
        }

        private func timedOut(_ generation: Int) {
            lock.lock()
            guard generation == self.generation, !timedOutAlready, case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            timedOutAlready = true
            status = .terminal
            let armed = takeTimer()
            lock.unlock()
            armed?.cancel()
            subscription.cancel()
            downstream.receive(completion: publisher.customError.map { .failure($0()) } ?? .finished)
        }

        func receive(subscription: Subscription) {
            guard storeFirstSubscription(subscription) else { return }
            rearm()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard !timedOutAlready, status.isSubscribed else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            rearm()
            publisher.scheduler.schedule(options: publisher.options) { self.deliver(input) }
            return .none
        }

        private func deliver(_ input: Input) {
            lock.lock()
            guard !timedOutAlready, case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            let more = downstream.receive(input)
            if more != .none { subscription.request(more) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            let armed = takeTimer()
            lock.unlock()
            armed?.cancel()
            publisher.scheduler.schedule(options: publisher.options) { self.deliver(completion) }
        }

        private func deliver(_ completion: Subscribers.Completion<Failure>) {
            guard endIfSubscribed() != nil else { return }
            downstream.receive(completion: completion)
        }

        // Combine passes every request up as it is (`.none` included); the first one re-arms the timer.
        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            let first = !requestedOnce
            requestedOnce = true
            lock.unlock()
            if first { rearm() }
            subscription.request(demand)
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

extension Publishers.Timeout.Inner: PlaygroundShowsDescription {}
