extension Publisher {
    /// Transforms all elements from an upstream publisher into a new publisher up to a maximum
    /// number of publishers you specify, and republishes their elements.
    @inlinable
    public consuming func flatMap<T, P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self>
        where T == P.Output, Failure == P.Failure
    {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publisher {
    /// `flatMap` for an upstream that can fail into publishers that cannot.
    @inlinable
    public consuming func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<Publishers.SetFailureType<P, Failure>, Self> where P.Failure == Never {
        flatMap(maxPublishers: maxPublishers) { transform($0).setFailureType(to: Failure.self) }
    }
}

extension Publisher where Failure == Never {
    /// `flatMap` for an upstream that cannot fail into publishers that can.
    @inlinable
    public consuming func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Publishers.SetFailureType<Self, P.Failure>> {
        setFailureType(to: P.Failure.self).flatMap(maxPublishers: maxPublishers, transform)
    }

    /// `flatMap` when neither level can fail.
    @inlinable
    public consuming func flatMap<P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited, _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self> where P.Failure == Never {
        Publishers.FlatMap(upstream: self, maxPublishers: maxPublishers, transform: transform)
    }
}

extension Publishers {
    /// A publisher that transforms elements from an upstream publisher into new publishers and
    /// republishes their elements.
    ///
    /// As Combine's: the downstream receives its subscription before the upstream is subscribed to. The
    /// upstream is asked for `maxPublishers` elements (`.max(0)` too, which CombineKit's own publishers
    /// reject with a precondition, as most of Combine's do), and for one more each time an inner publisher
    /// finishes (so at most `maxPublishers` inner subscriptions are alive). While the downstream's demand
    /// is limited, each inner publisher is asked for one value at a time: a value delivered within the
    /// demand returns `.max(1)` to its publisher, a value beyond it waits (at most one per well-behaved
    /// inner publisher) and its publisher is asked for `.max(1)` once it has been delivered. Once the
    /// downstream's demand is unlimited, every inner publisher is asked for `.unlimited`. Values are
    /// delivered one at a time. It finishes when the upstream and every inner publisher have finished and
    /// no value waits; a failure of either is delivered at once, after cancelling the inner publishers.
    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: Publisher where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let maxPublishers: Subscribers.Demand
        public let transform: (Upstream.Output) -> NewPublisher
        /// Subscribes a `FlatteningSide` to an inner publisher. Made by the inlinable initialiser, so that
        /// where the chain is built with concrete types this is specialised code (see `FlatteningSide`).
        @usableFromInline internal let subscribeChild: (NewPublisher, FlatteningSideOwner<NewPublisher.Output, Failure>, Int, Int) -> Void

        @inlinable
        public init(upstream: Upstream, maxPublishers: Subscribers.Demand, transform: @escaping (Upstream.Output) -> NewPublisher) {
            self.upstream = upstream
            self.maxPublishers = maxPublishers
            self.transform = transform
            if NewPublisher.self == Just<NewPublisher.Output>.self {
                // A `Just` is not subscribed: its value and completion go to the owner as its subscription
                // would deliver them (see `FlatteningSideOwner.childJust`). The check folds away where the
                // types are concrete.
                subscribeChild = { publisher, owner, slot, index in
                    _ = owner.childJust(unsafeBitCast(publisher, to: Just<NewPublisher.Output>.self).output, slot, index)
                }
            } else {
                subscribeChild = { publisher, owner, slot, index in
                    publisher.subscribe(FlatteningSide(owner: owner, key: slot, index: index))
                }
            }
        }

        // Inlinable: where the chain's types are concrete (a chain subscribed directly, or a `sink` on an
        // erased one, see `PublisherBoxBase.subscribeSink(_:)`), the caller builds the subscription with the
        // inner's metadata and conformance from its own caches instead of a runtime look-up each.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = Inner(downstream: subscriber, maxPublishers: maxPublishers, transform: transform, subscribeChild: subscribeChild)
            subscriber.receive(subscription: inner)
            upstream.subscribe(inner)
        }
    }
}

extension Publishers.FlatMap {
    /// The upstream's subscriber and the downstream's subscription. Delivery to the downstream within its
    /// demand is the base class's (`FlatteningInnerBase`, `oneAtATime`), under the same lock as the
    /// children's bookkeeping.
    @usableFromInline
    internal final class Inner<Downstream: Subscriber>: FlatteningInnerBase<Downstream>, Subscriber, Subscription, CustomStringConvertible, CustomReflectable
        where Downstream.Input == NewPublisher.Output, Downstream.Failure == Upstream.Failure
    {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias Failure = Upstream.Failure

        // Guarded by the base class's `lock` (so the dynamic exclusivity checks, a runtime call per access,
        // are off).
        @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription
        private let maxPublishers: Subscribers.Demand
        private let transform: (Input) -> NewPublisher
        private let subscribeChild: (NewPublisher, FlatteningSideOwner<NewPublisher.Output, Failure>, Int, Int) -> Void
        @exclusivity(unchecked) private var nextIndex = 0
        @exclusivity(unchecked) private var children = ChildTable()
        @exclusivity(unchecked) private var activeChildren = 0
        @exclusivity(unchecked) private var outerFinished = false
        @exclusivity(unchecked) private var terminated = false

        @usableFromInline init(downstream: Downstream, maxPublishers: Subscribers.Demand, transform: @escaping (Input) -> NewPublisher,
             subscribeChild: @escaping (NewPublisher, FlatteningSideOwner<NewPublisher.Output, Failure>, Int, Int) -> Void) {
            self.maxPublishers = maxPublishers
            self.transform = transform
            self.subscribeChild = subscribeChild
            super.init(downstream: downstream, policy: .oneAtATime)
        }

        @usableFromInline var description: String { "FlatMap" }
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
            // As Combine's, even `.none` is asked for (a publisher that traps on `request(.none)` then traps).
            subscription.request(maxPublishers)
        }

        @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, !terminated else {
                lock.unlock()
                return .none
            }
            let index = nextIndex
            nextIndex += 1
            let slot = children.reserve(index)
            activeChildren += 1
            lock.unlock()
            subscribeChild(transform(input), self, slot, index)
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
                guard activeChildren == 0 else {
                    lock.unlock()
                    return
                }
                terminated = true
                finishAndDrainLocked()
            } else {
                failLocked(completion, cancellingOuter: nil)
            }
        }

        // MARK: The inner publishers' side (`FlatteningSide`: key = slot)

        override var sideDescription: String { "FlatMap" }

        override func childReceived(_ value: NewPublisher.Output, _ slot: Int, _ index: Int) -> Subscribers.Demand {
            offer(value, tag: 0, slot: slot, index: index, policy: .oneAtATime)
        }

        override func childSubscribed(_ slot: Int, _ index: Int, _ subscription: Subscription) {
            lock.lock()
            guard !terminated, children.fill(slot, index: index, with: subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            let unlimited = demandLocked == .unlimited
            lock.unlock()
            // Combine: one value at a time while the downstream's demand is limited, even while it is zero.
            subscription.request(unlimited ? .unlimited : .max(1))
        }

        /// As a `Just`'s subscription would go: it arrives and is asked for a value (`childSubscribed`), which
        /// comes at once, followed by `.finished` (`childReceived`, `childCompleted`). A value that has to
        /// wait for demand is delivered later with no subscription to ask for more, as after a `Just`
        /// has finished.
        override func childJust(_ value: NewPublisher.Output, _ slot: Int, _ index: Int) -> Bool {
            lock.lock()
            let subscribed = !terminated  // else the subscription would be cancelled before it is asked
            lock.unlock()
            guard subscribed else { return true }
            _ = offer(value, tag: 0, slot: slot, index: index, policy: .oneAtATime)
            sideFinished(slot, index)
            return true
        }

        override func waitingValueDelivered(slot: Int, index: Int) {
            lock.lock()
            guard !terminated, let subscription = children.subscription(slot, index: index) else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(.max(1))
        }

        override func demandBecameUnlimited() {
            lock.lock()
            guard !terminated, children.hasSubscriptions else {
                lock.unlock()
                return
            }
            let all = children.subscriptions
            lock.unlock()
            all.forEach { $0.request(.unlimited) }
        }

        override func childCompleted(_ slot: Int, _ index: Int, _ completion: Subscribers.Completion<Failure>) {
            if completionIsFinished(completion) {
                sideFinished(slot, index)
            } else {
                sideFailed(slot, index, completion)
            }
        }

        private func sideFinished(_ slot: Int, _ index: Int) {
            lock.lock()
            guard !terminated, children.release(slot, index: index) else {
                lock.unlock()
                return
            }
            activeChildren -= 1
            if outerFinished && activeChildren == 0 {
                terminated = true
                finishAndDrainLocked()
                return
            }
            // (Binding the subscription with `case` rather than making a `Subscription?`: an optional
            // existential is copied and destroyed through the runtime's generic value witnesses.)
            guard maxPublishers != .unlimited, case .subscribed(let outer) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            outer.request(.max(1))
        }

        /// Out of line: the per-value path (`sideFinished`) then never needs `Completion<Failure>`'s
        /// metadata, which the optimiser would otherwise look up on entry for this branch.
        ///
        /// The upstream is cancelled too (Combine leaves it running; see MigrationGuide.md).
        @inline(never)
        private func sideFailed(_ slot: Int, _ index: Int, _ completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !terminated, children.release(slot, index: index) else {
                lock.unlock()
                return
            }
            activeChildren -= 1
            let outer = status.terminate()
            failLocked(completion, cancellingOuter: outer)
        }

        /// Terminates with a failure (called with `lock` held; releases it): the queued values are dropped,
        /// the outer subscription (if given) and every inner one are cancelled, then the downstream hears of
        /// the failure.
        @inline(never)
        private func failLocked(_ completion: Subscribers.Completion<Failure>, cancellingOuter outer: Subscription?) {
            terminated = true
            let all = children.removeAll()
            acceptFailureLocked(completion)
            lock.unlock()
            outer?.cancel()
            all.forEach { $0.cancel() }
            drain()
        }

        /// Adds demand: values waiting for it are delivered (each one's publisher then asked for `.max(1)`);
        /// unlimited demand asks every inner publisher for `.unlimited` (Combine).
        @usableFromInline func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            addDemandAndDrainLocked(demand)
        }

        @usableFromInline func cancel() {
            lock.lock()
            terminated = true
            let all = children.removeAll()
            let dropped = detachLocked()
            let previous = status.take()
            lock.unlock()
            withExtendedLifetime(dropped) {}
            all.forEach { $0.cancel() }
            if case .subscribed(let outer) = consume previous { outer.cancel() }
        }
    }
}

extension Publishers.FlatMap.Inner: CustomPlaygroundDisplayConvertible {
    @usableFromInline var playgroundDescription: Any { description }
}
