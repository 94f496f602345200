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
    /// As Combine's: the downstream receives its subscription before the upstream is subscribed to, and
    /// the outer publisher is asked for `.unlimited` publishers. A new inner publisher cancels the
    /// previous one and is asked for the downstream's demand still unused; later demand is passed to it as
    /// it comes, and the demand the downstream returns from `receive(_:)` is what the inner publisher's
    /// `receive(_:)` returns. An inner publisher that sends a value without demand, or completes before
    /// sending its subscription, stops the process with a precondition. The stream finishes when the
    /// outer publisher and the current inner one have both finished; a failure of either is delivered at
    /// once.
    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: Publisher where P == Upstream.Output, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream
        /// Subscribes a `FlatteningSide` to an inner publisher. Made by the inlinable initialiser, so that
        /// where the chain is built with concrete types this is specialised code (see `FlatteningSide`).
        @usableFromInline internal let subscribeChild: (P, FlatteningSideOwner<Output, Failure>, Int) -> Void

        @inlinable
        public init(upstream: Upstream) {
            self.upstream = upstream
            if P.self == Just<P.Output>.self {
                // A `Just` met by demand is not subscribed: its value and completion go to the owner as its
                // subscription would deliver them (see `Inner.childJust`). The check folds away where the
                // types are concrete.
                subscribeChild = { publisher, owner, generation in
                    if !owner.childJust(unsafeBitCast(publisher, to: Just<P.Output>.self).output, generation, 0) {
                        publisher.subscribe(FlatteningSide(owner: owner, key: generation, index: 0))
                    }
                }
            } else {
                subscribeChild = { publisher, owner, generation in
                    publisher.subscribe(FlatteningSide(owner: owner, key: generation, index: 0))
                }
            }
        }

        // Inlinable: where the chain's types are concrete (a chain subscribed directly, or a `sink` on an
        // erased one, see `PublisherBoxBase.subscribeSink(_:)`), the caller builds the subscription with the
        // inner's metadata and conformance from its own caches instead of a runtime look-up each.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, subscribeChild: subscribeChild)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.SwitchToLatest {
    /// The upstream's subscriber and the downstream's subscription. Delivery to the downstream within its
    /// demand is the base class's (`FlatteningInnerBase`, `passThrough`), under the same lock as the
    /// switching; the current generation is also the base's tag, so a value from a replaced inner
    /// publisher cannot take the lock-free path.
    @usableFromInline
    internal final class Inner<Downstream: Subscriber>: FlatteningInnerBase<Downstream>, Subscriber, Subscription, CustomStringConvertible, CustomReflectable
        where Downstream.Input == P.Output, Downstream.Failure == P.Failure
    {
        @usableFromInline typealias Input = P
        @usableFromInline typealias Failure = P.Failure

        // Guarded by the base class's `lock` (so the dynamic exclusivity checks, a runtime call per access,
        // are off).
        private let subscribeChild: (P, FlatteningSideOwner<P.Output, Failure>, Int) -> Void
        @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription
        @exclusivity(unchecked) private var generation = 0
        /// A `SubscriptionSlot`, not `Subscription?` (see there): set and cleared once per inner.
        @exclusivity(unchecked) private var child = SubscriptionSlot.empty
        /// The current inner publisher has not completed.
        @exclusivity(unchecked) private var childActive = false
        /// The current inner publisher has not sent its subscription yet.
        @exclusivity(unchecked) private var childAwaitingSubscription = false
        @exclusivity(unchecked) private var outerFinished = false
        @exclusivity(unchecked) private var terminated = false

        @usableFromInline init(downstream: Downstream, subscribeChild: @escaping (P, FlatteningSideOwner<P.Output, Failure>, Int) -> Void) {
            self.subscribeChild = subscribeChild
            super.init(downstream: downstream, policy: .passThrough)
        }

        @usableFromInline var description: String { "SwitchToLatest" }
        @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }

        /// Accepted once, unless cancelled or completed first (Combine cancels a second or late one).
        @usableFromInline func receive(subscription: Subscription) {
            lock.lock()
            guard status.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        @usableFromInline func receive(_ input: P) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, !terminated else {
                lock.unlock()
                return .none
            }
            generation &+= 1
            let current = generation
            setTagLocked(current)
            childActive = true
            childAwaitingSubscription = true
            // (Moved out rather than copied: copying the existential retains through its value witnesses.)
            if case .some(let previous) = child.take() {
                lock.unlock()
                previous.cancel()
            } else {
                lock.unlock()
            }
            subscribeChild(input, self, current)
            return .none
        }

        /// Accepted before the subscription too (Combine finishes or fails the downstream then).
        @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !status.isTerminal, !terminated else {
                lock.unlock()
                return
            }
            status = .terminal
            if completionIsFinished(completion) {
                outerFinished = true
                guard !childActive else {
                    lock.unlock()
                    return
                }
                terminated = true
                finishAndDrainLocked()
            } else {
                failLocked(completion, cancellingOuter: nil)
            }
        }

        // MARK: The inner publishers' side (`FlatteningSide`: key = generation)

        override var sideDescription: String { "SwitchToLatest" }

        override func childReceived(_ value: P.Output, _ generation: Int, _ index: Int) -> Subscribers.Demand {
            offer(value, tag: generation, slot: 0, index: 0, policy: .passThrough)
        }

        /// The current inner publisher's first subscription is asked for the demand still unused. A second
        /// one, or one from a replaced inner publisher or after the end, is cancelled; one sent after the
        /// inner publisher completed is ignored (as Combine: neither cancelled nor asked for anything).
        override func childSubscribed(_ generation: Int, _ index: Int, _ subscription: Subscription) {
            lock.lock()
            guard generation == self.generation, !terminated, childAwaitingSubscription else {
                let completedInner = generation == self.generation && !terminated && !childActive
                lock.unlock()
                if !completedInner { subscription.cancel() }
                return
            }
            childAwaitingSubscription = false
            child = .holding(subscription)
            let demand = demandLocked
            lock.unlock()
            if demand > 0 { subscription.request(demand) }
        }

        /// As the current inner `Just`'s subscription would go when there is demand: it arrives and is asked
        /// for the demand (`childSubscribed`), its value comes at once, then `.finished`. A `Just` of a
        /// replaced generation or after the end is dropped, as its subscription would be cancelled unasked.
        /// With no demand yet, returns `false`: the `Just` is subscribed, so that the downstream's next
        /// request reaches it.
        override func childJust(_ value: P.Output, _ generation: Int, _ index: Int) -> Bool {
            lock.lock()
            guard generation == self.generation, !terminated, childAwaitingSubscription else {
                lock.unlock()
                return true
            }
            guard demandLocked > 0 else {
                lock.unlock()
                return false
            }
            childAwaitingSubscription = false
            lock.unlock()
            _ = offer(value, tag: generation, slot: 0, index: 0, policy: .passThrough)
            sideFinished(generation)
            return true
        }

        override func childCompleted(_ generation: Int, _ index: Int, _ completion: Subscribers.Completion<Failure>) {
            if completionIsFinished(completion) {
                sideFinished(generation)
            } else {
                sideFailed(generation, completion)
            }
        }

        /// Whether a completion from the inner publisher of `generation` counts (called with `lock` held;
        /// releases it if not). An inner publisher that completes before sending its subscription stops the
        /// process, as in Combine.
        private func acceptsChildCompletionLocked(_ generation: Int) -> Bool {
            guard generation == self.generation, !terminated, childActive else {
                lock.unlock()
                return false
            }
            if childAwaitingSubscription {
                lock.unlock()
                preconditionFailure("switchToLatest: an inner publisher completed before sending its subscription; "
                    + "a publisher must call receive(subscription:) on its subscriber first")
            }
            return true
        }

        private func sideFinished(_ generation: Int) {
            lock.lock()
            guard acceptsChildCompletionLocked(generation) else { return }
            child = .empty
            childActive = false
            guard outerFinished else {
                lock.unlock()
                return
            }
            terminated = true
            finishAndDrainLocked()
        }

        /// Out of line: the per-value path (`sideFinished`) then never needs `Completion<Failure>`'s
        /// metadata, which the optimiser would otherwise look up on entry for this branch.
        @inline(never)
        private func sideFailed(_ generation: Int, _ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard acceptsChildCompletionLocked(generation) else { return }
            child = .empty
            childActive = false
            let outer = status.terminate()
            failLocked(completion, cancellingOuter: outer)
        }

        /// Terminates with a failure (called with `lock` held; releases it): the queued values are dropped,
        /// the outer subscription (if given) and the current inner one are cancelled, then the downstream
        /// hears of the failure.
        @inline(never)
        private func failLocked(_ completion: Subscribers.Completion<Failure>, cancellingOuter outer: Subscription?) {
            terminated = true
            let child = self.child.take()
            acceptFailureLocked(completion)
            lock.unlock()
            outer?.cancel()
            child?.cancel()
            drain()
        }

        // MARK: downstream

        /// Counts the demand and passes it to the current inner publisher (Combine).
        @usableFromInline func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            guard case .holding(let child) = self.child else {
                addDemandAndDrainLocked(demand)
                return
            }
            addDemandAndDrainLocked(demand)
            child.request(demand)
        }

        override func forwardReturnedDemand(_ demand: Subscribers.Demand) {
            lock.lock()
            guard !terminated, case .holding(let child) = self.child else {
                lock.unlock()
                return
            }
            lock.unlock()
            child.request(demand)
        }

        @usableFromInline func cancel() {
            lock.lock()
            terminated = true
            let dropped = detachLocked()
            // (Each subscription bound with `case` rather than copied as a `Subscription?`, see `receive(_:)`;
            // `terminated` keeps everything else out while the lock is released to cancel the child.)
            if case .some(let child) = self.child.take() {
                lock.unlock()
                child.cancel()
                lock.lock()
            }
            if case .subscribed(let outer) = status {
                status = .terminal
                lock.unlock()
                outer.cancel()
            } else {
                status = .terminal
                lock.unlock()
            }
            withExtendedLifetime(dropped) {}
        }
    }
}

extension Publishers.SwitchToLatest.Inner: CustomPlaygroundDisplayConvertible {
    @usableFromInline var playgroundDescription: Any { description }
}
