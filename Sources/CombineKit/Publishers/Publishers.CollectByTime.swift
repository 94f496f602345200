import ReactiveBridgePrimitives

extension Publishers {
    /// A strategy for collecting received elements: by time, or by time or count.
    public enum TimeGroupingStrategy<Context: Scheduler> {
        /// A grouping that collects and periodically publishes items.
        case byTime(Context, Context.SchedulerTimeType.Stride)
        /// A grouping that collects and publishes items periodically or when a buffer reaches a maximum size.
        case byTimeOrCount(Context, Context.SchedulerTimeType.Stride, Int)
    }
}

extension Publisher {
    /// Collects elements by a given time-grouping strategy, and emits a single array of the collection.
    ///
    /// Every `interval` (measured on the strategy's scheduler from the subscription) the elements
    /// collected so far are published, if there are any; with `byTimeOrCount`, also as soon as
    /// `count` elements are collected (which restarts the interval). What is left is published when
    /// the upstream finishes; a failure is forwarded at once and drops what was collected.
    public func collect<S: Scheduler>(_ strategy: Publishers.TimeGroupingStrategy<S>, options: S.SchedulerOptions? = nil) -> Publishers.CollectByTime<Self, S> {
        Publishers.CollectByTime(upstream: self, strategy: strategy, options: options)
    }
}

extension Publishers {
    /// A publisher that buffers and periodically publishes its items.
    public struct CollectByTime<Upstream: Publisher, Context: Scheduler>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let strategy: TimeGroupingStrategy<Context>
        public let options: Context.SchedulerOptions?

        public init(upstream: Upstream, strategy: TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.upstream = upstream
            self.strategy = strategy
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, strategy: strategy, options: options))
        }
    }
}

extension Publishers.CollectByTime {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == [Upstream.Output], Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let output: DemandBuffer<Downstream>
        private let downstream: Downstream
        private let scheduler: Context
        private let interval: Context.SchedulerTimeType.Stride
        private let maximumCount: Int?
        private let options: Context.SchedulerOptions?
        private var buffer: [Input] = []
        private var timer: Cancellable?

        init(downstream: Downstream, strategy: Publishers.TimeGroupingStrategy<Context>, options: Context.SchedulerOptions?) {
            self.downstream = downstream
            self.output = DemandBuffer(downstream: downstream)
            switch strategy {
            case let .byTime(scheduler, interval):
                self.scheduler = scheduler
                self.interval = interval
                self.maximumCount = nil
            case let .byTimeOrCount(scheduler, interval, count):
                precondition(count > 0, "collect(.byTimeOrCount(_:_:_:), options:) was given count \(count); pass a positive count (or use .byTime).")
                self.scheduler = scheduler
                self.interval = interval
                self.maximumCount = count
            }
            self.options = options
        }

        var description: String { "CollectByTime" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "buffer": buffer]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
            startTimer()
            subscription.request(.unlimited)
        }

        private func startTimer() {
            let newTimer = scheduler.schedule(after: scheduler.now.advanced(by: interval), interval: interval,
                                              tolerance: scheduler.minimumTolerance, options: options) { [weak self] in
                self?.timerFired()
            }
            lock.lock()
            let old = timer
            timer = status.isTerminal ? nil : newTimer
            lock.unlock()
            old?.cancel()
            if timer == nil { newTimer.cancel() }
        }

        private func timerFired() {
            lock.lock()
            guard status.isSubscribed, !buffer.isEmpty else {
                lock.unlock()
                return
            }
            let batch = buffer
            buffer = []
            lock.unlock()
            output.enqueue(batch)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            buffer.append(input)
            guard let maximumCount = maximumCount, buffer.count >= maximumCount else {
                lock.unlock()
                return .none
            }
            let batch = buffer
            buffer = []
            lock.unlock()
            output.enqueue(batch)
            startTimer()
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            let remainder = buffer
            buffer = []
            let timer = self.timer
            self.timer = nil
            lock.unlock()
            timer?.cancel()
            switch completion {
            case .finished:
                if !remainder.isEmpty { output.enqueue(remainder) }
                output.complete(.finished)
            case .failure:
                output.complete(completion, immediately: true)
            }
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            output.request(demand)
        }

        func cancel() {
            lock.lock()
            let timer = self.timer
            self.timer = nil
            lock.unlock()
            timer?.cancel()
            output.cancel()
            forwardCancel()
        }
    }
}

extension Publishers.CollectByTime.Inner: PlaygroundShowsDescription {}
