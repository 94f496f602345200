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
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let publisher: Publishers.Delay<Upstream, Context>
        private var cancelled = false

        init(downstream: Downstream, publisher: Publishers.Delay<Upstream, Context>) {
            self.downstream = downstream
            self.publisher = publisher
        }

        var description: String { "Delay" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

        private func later(_ action: @escaping () -> Void) {
            let scheduler = publisher.scheduler
            scheduler.schedule(after: scheduler.now.advanced(by: publisher.interval), tolerance: publisher.tolerance, options: publisher.options, action)
        }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            later { [self] in
                lock.lock()
                guard !cancelled, case .subscribed(let subscription) = status else {
                    lock.unlock()
                    return
                }
                lock.unlock()
                let more = downstream.receive(input)
                if more > 0 { subscription.request(more) }
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard isActive() else { return }
            later { [self] in
                lock.lock()
                guard !cancelled, status.isSubscribed else {
                    lock.unlock()
                    return
                }
                status = .terminal
                lock.setSubscribedFlag(false)
                lock.unlock()
                downstream.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
            forwardCancel()
        }
    }
}
