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
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Context.SchedulerTimeType.Stride, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let scheduler: Context
        private var last: Context.SchedulerTimeType?

        init(downstream: Downstream, scheduler: Context) {
            self.downstream = downstream
            self.scheduler = scheduler
        }

        var description: String { "MeasureInterval" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            lock.lock()
            last = scheduler.now
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            let now = scheduler.now
            lock.lock()
            guard status.isSubscribed, let previous = last else {
                lock.unlock()
                return .none
            }
            last = now
            lock.unlock()
            return downstream.receive(previous.distance(to: now))
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if markTerminal() { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
        func cancel() { forwardCancel() }
    }
}

extension Publishers.MeasureInterval.Inner: PlaygroundShowsDescription {}
