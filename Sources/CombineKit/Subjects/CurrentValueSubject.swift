import ReactiveBridgePrimitives

/// A subject that wraps a single value and publishes a new element whenever the value changes.
///
/// A new subscriber receives the current value on its first demand (as Combine's, at once when it asks
/// from inside its `receive(subscription:)`). Setting `value` (or calling
/// `send(_:)`) updates the value and publishes it.
public final class CurrentValueSubject<Output, Failure: Error>: Subject, SubjectConduitParent, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`; see SubjectConduit for why the exclusivity checks are off.
    @exclusivity(unchecked) private var conduits = SubjectConduitList()
    /// The completion, once sent: a `CompletionBox<Failure>` (see there for why it is boxed).
    @exclusivity(unchecked) private var completionBox: AnyObject?
    /// `completionBox != nil`, kept as a Bool for `send`.
    @exclusivity(unchecked) private var isTerminated = false
    /// Subscriptions given by `send(subscription:)`, cancelled when the subject goes.
    private var upstreamSubscriptions: [Subscription] = []
    @exclusivity(unchecked) private var currentValue: Output
    @usableFromInline let conduitName: SubjectConduitName

    /// The value wrapped by this subject, published as a new element whenever it changes.
    public var value: Output {
        get {
            lock.lock()
            defer { lock.unlock() }
            return currentValue
        }
        set {
            // As Combine's: after the completion the value still changes (nothing is published);
            // `send(_:)` then changes nothing.
            lock.lock()
            if isTerminated {
                currentValue = newValue
                lock.unlock()
                return
            }
            lock.unlock()
            send(newValue)
        }
    }

    /// Creates a current value subject with the given initial value.
    public init(_ value: Output) {
        currentValue = value
        conduitName = .currentValueSubject
    }

    /// A current-value subject whose subscriptions describe themselves with `conduitName`
    /// (used by `@Published`, whose subscriptions are "PublishedSubject").
    internal init(_ value: Output, conduitName: SubjectConduitName) {
        currentValue = value
        self.conduitName = conduitName
    }

    deinit {
        for subscription in upstreamSubscriptions { subscription.cancel() }
    }

    /// As Combine's: the subject keeps `subscription`, asks it for `.unlimited` at once (unlike
    /// `PassthroughSubject`, which waits for a subscriber to ask) and cancels it when deinitialised.
    public func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    // Inlinable: the conduit is made in the caller's specialised code, where its class metadata comes from
    // the caller's cache instead of a run-time look-up per subscription (about 350 instructions).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: conduitName, replaysCurrentValue: true)
        attach(conduit, as: conduit, for: subscriber)
    }

    /// Adds `conduit`, made for `subscriber`, and hands it to `subscriber` (as `subscription`, the same object:
    /// an existential made in the caller, where the conformance needs no look-up); after a completion, gives
    /// `subscriber` the completion instead (the conduit, never attached, is released unused when this returns).
    @usableFromInline
    func attach<S: Subscriber>(_ conduit: SubjectConduit<CurrentValueSubject, S>, as subscription: Subscription, for subscriber: S) {
        lock.lock()
        if let completionBox {
            lock.unlock()
            Self.replayCompletion(completionBox, to: subscriber)
            return
        }
        conduit.listKey = conduits.append(conduit)
        lock.unlock()
        // Marked so that the subscriber's own request from inside gets the current value at once (see
        // `SubscriptionHandOff`).
        let previous = SubscriptionHandOff.begin(conduit)
        subscriber.receive(subscription: subscription)
        SubscriptionHandOff.end(restoring: previous)
        conduit.subscriptionDelivered()
    }

    /// A subscriber arriving after the completion gets an empty subscription and the completion. Out of
    /// line so that `receive(subscriber:)` needs no `Completion<Failure>` metadata (the optimiser would
    /// look it up on every subscribe otherwise).
    @inline(never)
    private static func replayCompletion<S: Subscriber>(_ box: AnyObject, to subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        subscriber.receive(completion: unsafeDowncast(box, to: CompletionBox<Failure>.self).completion)
    }

    /// Sets the value and publishes it (ignored after completion).
    public func send(_ input: Output) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        currentValue = input
        if let sole = SubjectConduitList.claim(sole: conduits.sole, output: Output.self, failure: Failure.self) {
            // One subscriber with its fast path open: no snapshot (see `claim(sole:)`).
            lock.unlock()
            let handedBack = SubjectConduitList.deliverClaimed(input, to: sole, failure: Failure.self)
            withExtendedLifetime(handedBack) {}
            return
        }
        if let single = conduits.single {
            // One subscriber whose fast path is closed (limited demand, a delivery in progress, …).
            lock.unlock()
            SubjectConduitList.offer(input, toSingle: single, failure: Failure.self)
            return
        }
        let snapshot = conduits.many.slots
        lock.unlock()
        SubjectConduitList.offer(input, to: snapshot, failure: Failure.self)
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        completionBox = CompletionBox(completion)
        isTerminated = true
        let snapshot = conduits.removeAll()
        upstreamSubscriptions = []
        lock.unlock()
        SubjectConduitList.finish(completion, snapshot, output: Output.self)
    }

    @usableFromInline func detach(key: UInt64) {
        lock.lock()
        conduits.remove(key: key)
        lock.unlock()
    }

    /// Nothing to do: the upstream subscriptions were asked when they came (see `send(subscription:)`).
    @usableFromInline func downstreamDemanded() -> Bool { false }
    @usableFromInline func askUpstream() {}

    @usableFromInline func currentValueForNewDemand() -> Output? {
        lock.lock()
        defer { lock.unlock() }
        return isTerminated ? nil : currentValue
    }
}
