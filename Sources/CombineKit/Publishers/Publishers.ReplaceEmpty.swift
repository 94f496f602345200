import ReactiveBridgePrimitives

extension Publisher {
    /// Replaces an empty stream with the provided element (published, when demanded, before finishing).
    ///
    /// As Combine's, it asks its upstream for `.unlimited` once it has handed its subscription downstream,
    /// and passes the downstream's requests on as well. Unlike Combine's, which then passes every element
    /// on whatever the downstream asked for, it holds the elements beyond the downstream's demand, in
    /// order, until demand arrives (the completion after them): in memory, for as long as the downstream
    /// asks for less than the upstream sends.
    public func replaceEmpty(with output: Output) -> Publishers.ReplaceEmpty<Self> {
        Publishers.ReplaceEmpty(upstream: self, output: output)
    }
}

extension Publishers {
    /// A publisher that replaces an empty stream with a provided element.
    public struct ReplaceEmpty<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let output: Output
        public let upstream: Upstream

        public init(upstream: Upstream, output: Output) {
            self.upstream = upstream
            self.output = output
        }

        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            upstream.receive(subscriber: ReplaceEmptyInner<S>(downstream: consume subscriber, replacement: output))
        }
    }
}

/// The inner object of replaceEmpty. Combine's asks the upstream for `.unlimited` right after handing its
/// subscription downstream and forwards the downstream's requests too; the elements that come beyond the
/// downstream's demand wait here, in order, and the completion (or the replacement and `.finished`) after
/// them. One call at a time reaches the downstream: whoever finds it free delivers what demand allows.
/// As Combine's, it keeps its downstream until it goes, and ignores a `cancel()` that comes before the
/// upstream's subscription (only the upstream can reach it then).
private final class ReplaceEmptyInner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable {
    typealias Input = Downstream.Input
    typealias Failure = Downstream.Failure

    /// The lock lives in the object (one heap block less per subscription): it must stay the first
    /// stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    // All guarded by `lock`.
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let replacement: Input
    @exclusivity(unchecked) private var receivedValue = false
    /// The downstream's demand not yet used.
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Whether a call to the downstream is in progress (its owner delivers what waits when it returns).
    @exclusivity(unchecked) private var delivering = false
    /// Elements beyond the downstream's demand; made when the first one has to wait.
    @exclusivity(unchecked) private var waiting: ValueRing<Input>?
    /// The upstream's completion (a `CompletionBox<Failure>`), to deliver once nothing waits.
    @exclusivity(unchecked) private var completionBox: AnyObject?
    /// Set once the downstream got its completion, or cancelled: nothing more goes to it.
    @exclusivity(unchecked) private var isClosed = false

    init(downstream: consuming Downstream, replacement: Input) {
        self.downstream = consume downstream
        self.replacement = replacement
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ReplaceEmptyInner: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    var lock: InlineLock { InlineLock(in: self) }

    var description: String { "ReplaceEmpty" }
    var customMirror: Mirror { Mirror(self, children: [:]) }

    func receive(subscription: Subscription) {
        guard acceptSubscription(subscription) else { return }
        downstream.receive(subscription: self)
        lock.lock()
        let stillSubscribed = status.isSubscribed
        lock.unlock()
        if stillSubscribed { subscription.request(.unlimited) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard status.isSubscribed else {
            lock.unlock()
            return .none
        }
        receivedValue = true
        guard !delivering, demand > 0, (waiting?.count ?? 0) == 0 else {
            waitingLocked.append(input)
            startDeliveryIfFreeLocked()
            return .none
        }
        demand -= 1
        delivering = true
        lock.unlock()
        let more = downstream.receive(input)
        lock.lock()
        drainLocked(adding: more)
        return more
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard markTerminal() else { return }
        lock.lock()
        if case .finished = completion, !receivedValue { waitingLocked.append(replacement) }
        completionBox = CompletionBox(completion)
        startDeliveryIfFreeLocked()
    }

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard !isClosed else {
            lock.unlock()
            return
        }
        self.demand += demand
        let subscription = status.copySubscription()
        startDeliveryIfFreeLocked()
        subscription?.request(demand)
    }

    func cancel() {
        lock.lock()
        if case .awaitingSubscription = status {
            lock.unlock()
            return
        }
        isClosed = true
        waiting?.removeAll()
        completionBox = nil
        lock.unlock()
        forwardCancel()
    }

    /// The waiting elements, made if there are none yet (call with `lock` held).
    private var waitingLocked: ValueRing<Input> {
        if let waiting { return waiting }
        let made = ValueRing<Input>()
        waiting = made
        return made
    }

    /// Delivers what waits, unless a delivery is in progress (its owner does it). Called with `lock`
    /// held; releases it.
    private func startDeliveryIfFreeLocked() {
        guard !delivering else {
            lock.unlock()
            return
        }
        delivering = true
        drainLocked(adding: .none)
    }

    /// The delivery owner's loop: adds `more`, delivers the waiting elements demand allows (the lock
    /// released around each call), then the completion once nothing waits. Called with `lock` held,
    /// owning the delivery; releases both.
    private func drainLocked(adding more: Subscribers.Demand) {
        if more > 0 { demand += more }
        while !isClosed {
            if let waiting, waiting.count > 0 {
                guard demand > 0 else { break }
                let value = waiting.removeFirst()
                demand -= 1
                lock.unlock()
                let additional = downstream.receive(value)
                lock.lock()
                if additional > 0 { demand += additional }
                continue
            }
            guard let box = completionBox else { break }
            completionBox = nil
            isClosed = true
            delivering = false
            lock.unlock()
            downstream.receive(completion: unsafeDowncast(box, to: CompletionBox<Failure>.self).completion)
            return
        }
        delivering = false
        lock.unlock()
    }
}

extension ReplaceEmptyInner: PlaygroundShowsDescription {}
