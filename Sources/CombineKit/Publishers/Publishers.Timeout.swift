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
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let publisher: Publishers.Timeout<Upstream, Context>
        private var generation = 0
        private var finished = false

        init(downstream: Downstream, publisher: Publishers.Timeout<Upstream, Context>) {
            self.downstream = downstream
            self.publisher = publisher
        }

        var description: String { "Timeout" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        private func startTimer() {
            lock.lock()
            generation += 1
            let current = generation
            lock.unlock()
            let scheduler = publisher.scheduler
            scheduler.schedule(after: scheduler.now.advanced(by: publisher.interval), tolerance: scheduler.minimumTolerance, options: publisher.options) { [weak self] in
                self?.timedOut(current)
            }
        }

        private func timedOut(_ generation: Int) {
            lock.lock()
            guard generation == self.generation, !finished, case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            finished = true
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            subscription.cancel()
            if let makeError = publisher.customError {
                downstream.receive(completion: .failure(makeError()))
            } else {
                downstream.receive(completion: .finished)
            }
        }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            startTimer()
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            startTimer()
            publisher.scheduler.schedule(options: publisher.options) { [self] in
                lock.lock()
                guard !finished, case .subscribed(let subscription) = status else {
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
            lock.lock()
            generation += 1
            lock.unlock()
            publisher.scheduler.schedule(options: publisher.options) { [self] in
                lock.lock()
                guard !finished, status.isSubscribed else {
                    lock.unlock()
                    return
                }
                finished = true
                status = .terminal
                lock.setSubscribedFlag(false)
                lock.unlock()
                downstream.receive(completion: completion)
            }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

        func cancel() {
            lock.lock()
            finished = true
            generation += 1
            lock.unlock()
            forwardCancel()
        }
    }
}

extension Publishers.Timeout.Inner: PlaygroundShowsDescription {}
