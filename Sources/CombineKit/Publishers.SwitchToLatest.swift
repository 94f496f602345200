extension Publisher where Output: Publisher, Output.Failure == Failure {
    /// Republishes elements sent by the most recently received publisher; receiving a new
    /// publisher cancels the subscription to the previous one.
    @inlinable
    public consuming func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publisher where Failure == Never, Output: Publisher {
    /// Republishes elements sent by the most recently received publisher (the outer publisher cannot fail).
    @inlinable
    public consuming func switchToLatest() -> Publishers.SwitchToLatest<Output, Publishers.SetFailureType<Self, Output.Failure>> {
        setFailureType(to: Output.Failure.self).switchToLatest()
    }
}

extension Publisher where Output: Publisher, Output.Failure == Never {
    /// Republishes elements sent by the most recently received publisher (the inner publishers cannot fail).
    @inlinable
    public consuming func switchToLatest() -> Publishers.SwitchToLatest<Publishers.SetFailureType<Output, Failure>, Publishers.Map<Self, Publishers.SetFailureType<Output, Failure>>> {
        map { $0.setFailureType(to: Failure.self) }.switchToLatest()
    }
}

extension Publisher where Failure == Never, Output: Publisher, Output.Failure == Never {
    /// Republishes elements sent by the most recently received publisher (neither level can fail).
    @inlinable
    public consuming func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

extension Publishers {
    /// A publisher that flattens nested publishers, republishing only the latest inner one.
    ///
    /// The outer publisher is asked for `.unlimited` publishers. The current inner publisher gets
    /// the downstream demand that is still unused (and later demand as it comes). The stream
    /// finishes when the outer publisher and the current inner one have both finished; a failure
    /// of either is forwarded at once.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream

        public init(upstream: Upstream) {
            self.upstream = upstream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber))
        }
    }
}

extension Publishers.SwitchToLatest {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == P.Output, Downstream.Failure == P.Failure
    {
        typealias Input = P
        typealias Failure = P.Failure

        // The mutable state is guarded by `lock` (so the dynamic exclusivity checks, a runtime call per
        // access, are off). The lock lives in the object (one heap block less per subscription): it must
        // stay the first stored property (see `InlineLockStorage`).
        private var lockStorage = InlineLockStorage()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let output: DemandBuffer<Downstream>
        @exclusivity(unchecked) private var generation = 0
        @exclusivity(unchecked) private var child: Subscription?
        @exclusivity(unchecked) private var childActive = false
        @exclusivity(unchecked) private var outerFinished = false
        @exclusivity(unchecked) private var terminated = false

        init(downstream: Downstream) {
            self.downstream = downstream
            self.output = DemandBuffer(downstream: downstream)
            lock.initialize()
            assert(lock.isAt(&lockStorage), "SwitchToLatest.Inner: the inline lock must be the first stored property")
        }

        deinit { lock.destroy() }

        var lock: InlineLock { InlineLock(in: self) }

        var description: String { "SwitchToLatest" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
            subscription.request(.unlimited)
        }

        func receive(_ input: P) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, !terminated else {
                lock.unlock()
                return .none
            }
            generation += 1
            let current = generation
            let previous = child
            child = nil
            childActive = true
            lock.unlock()
            previous?.cancel()
            input.subscribe(Side(owner: self, generation: current))
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed, !terminated else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            if completionIsFinished(completion) {
                outerFinished = true
                let done = !childActive
                if done { terminated = true }
                lock.unlock()
                if done { output.completeFinished() }
            } else {
                terminated = true
                let child = self.child
                self.child = nil
                lock.unlock()
                child?.cancel()
                output.complete(completion, immediately: true)
            }
        }

        // MARK: inner side

        fileprivate func sideSubscribed(_ generation: Int, _ subscription: Subscription) {
            lock.lock()
            guard generation == self.generation, !terminated else {
                lock.unlock()
                subscription.cancel()
                return
            }
            child = subscription
            lock.unlock()
            let demand = output.unusedDemand
            if demand > 0 { subscription.request(demand) }
        }

        fileprivate func sideReceived(_ generation: Int, _ value: P.Output) {
            lock.lock()
            guard generation == self.generation, !terminated else {
                lock.unlock()
                return
            }
            lock.unlock()
            output.enqueue(value)
        }

        fileprivate func sideCompleted(_ generation: Int, _ completion: Subscribers.Completion<Failure>) {
            if completionIsFinished(completion) {
                sideFinished(generation)
            } else {
                sideFailed(generation, completion)
            }
        }

        private func sideFinished(_ generation: Int) {
            lock.lock()
            guard generation == self.generation, !terminated else {
                lock.unlock()
                return
            }
            child = nil
            childActive = false
            let done = outerFinished
            if done { terminated = true }
            lock.unlock()
            if done { output.completeFinished() }
        }

        /// Out of line: the per-value path (`sideFinished`) then never needs `Completion<Failure>`'s
        /// metadata, which the optimiser would otherwise look up on entry for this branch.
        @inline(never)
        private func sideFailed(_ generation: Int, _ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard generation == self.generation, !terminated else {
                lock.unlock()
                return
            }
            child = nil
            childActive = false
            terminated = true
            let outer = status.subscription
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            outer?.cancel()
            output.complete(completion, immediately: true)
        }

        // MARK: downstream

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            output.request(demand)
            lock.lock()
            let child = self.child
            lock.unlock()
            child?.request(demand)
        }

        func cancel() {
            lock.lock()
            terminated = true
            let child = self.child
            self.child = nil
            lock.unlock()
            output.cancel()
            child?.cancel()
            forwardCancel()
        }
    }

    /// The subscriber of one inner publisher. A struct, not a class: one heap block less per inner
    /// publisher (the owner tells the current inner from earlier ones by `generation`).
    fileprivate struct Side<Downstream: Subscriber>: Subscriber, CustomStringConvertible
        where Downstream.Input == P.Output, Downstream.Failure == P.Failure
    {
        typealias Input = P.Output
        typealias Failure = P.Failure

        let combineIdentifier = CombineIdentifier()
        private let owner: Inner<Downstream>
        private let generation: Int

        init(owner: Inner<Downstream>, generation: Int) {
            self.owner = owner
            self.generation = generation
        }

        var description: String { "SwitchToLatest side \(generation)" }

        func receive(subscription: Subscription) { owner.sideSubscribed(generation, subscription) }
        func receive(_ input: Input) -> Subscribers.Demand {
            owner.sideReceived(generation, input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Failure>) { owner.sideCompleted(generation, completion) }
    }
}
