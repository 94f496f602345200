import ReactiveBridgePrimitives

/// A subject that broadcasts elements to downstream subscribers.
///
/// Unlike `CurrentValueSubject`, it has no initial value or buffer of the most recently published
/// element. Values are dropped for subscribers without outstanding demand.
public final class PassthroughSubject<Output, Failure: Error>: Subject, SubjectConduitParent, @unchecked Sendable {
    /// The lock lives in the subject (one heap block less per subject): it must stay the first stored
    /// property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    // Guarded by `lock`; see SubjectConduit for why the exclusivity checks are off.
    @exclusivity(unchecked) private var conduits = SubjectConduitList()
    /// The completion, once sent: a `CompletionBox<Failure>` (see there for why it is boxed).
    @exclusivity(unchecked) private var completionBox: AnyObject?
    /// `completionBox != nil`, kept as a Bool for `send`.
    @exclusivity(unchecked) private var isTerminated = false
    /// Subscriptions given by `send(subscription:)`: asked for `.unlimited` once a subscriber first asks for
    /// values (the lock's word is 1 from then on), and cancelled when the subject goes.
    @exclusivity(unchecked) private var upstreamSubscriptions: [Subscription] = []

    /// What its subscriptions call themselves ("PassthroughSubject", or "ObservableObjectPublisher" for the
    /// subject behind one).
    @usableFromInline let conduitName: String

    /// Creates a subject.
    public init() {
        conduitName = "PassthroughSubject"
        lock.initialize()
        assert(lock.isAt(&lockStorage), "PassthroughSubject: the inline lock must be the first stored property")
    }

    /// A subject whose subscriptions describe themselves as `conduitName`.
    internal init(conduitName: String) {
        self.conduitName = conduitName
        lock.initialize()
        assert(lock.isAt(&lockStorage), "PassthroughSubject: the inline lock must be the first stored property")
    }

    deinit {
        for subscription in upstreamSubscriptions { subscription.cancel() }
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// As Combine's: the subject keeps `subscription`, asks it for `.unlimited` once any subscriber has asked
    /// the subject for values (at once if one has), and cancels it when the subject is deinitialised.
    public func send(subscription: Subscription) {
        lock.lock()
        upstreamSubscriptions.append(subscription)
        let demanded = lock.isSubscribed
        lock.unlock()
        if demanded { subscription.request(.unlimited) }
    }

    // Inlinable: the conduit is made in the caller's specialised code, where its class metadata comes from
    // the caller's cache instead of a run-time look-up per subscription (about 350 instructions).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: conduitName, replaysCurrentValue: false)
        attach(conduit, as: conduit, for: subscriber)
    }

    /// Adds `conduit`, made for `subscriber`, and hands it to `subscriber` (as `subscription`, the same object:
    /// an existential made in the caller, where the conformance needs no look-up); after a completion, gives
    /// `subscriber` the completion instead (the conduit, never attached, is released unused when this returns).
    @usableFromInline
    func attach<S: Subscriber>(_ conduit: SubjectConduit<PassthroughSubject, S>, as subscription: Subscription, for subscriber: S) {
        lock.lock()
        if let completionBox {
            lock.unlock()
            Self.replayCompletion(completionBox, to: subscriber)
            return
        }
        conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: subscription)
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

    public func send(_ input: Output) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        if let sole = conduits.claimSole(output: Output.self, failure: Failure.self) {
            // One subscriber with its fast path open: no snapshot (see `claimSole`).
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
        let snapshot = conduits.many
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

    @usableFromInline func detach(_ conduit: SubjectConduitBase<Output, Failure>) {
        lock.lock()
        conduits.remove(conduit)
        lock.unlock()
    }

    @usableFromInline func currentValueForNewDemand() -> Output? { nil }

    @usableFromInline func downstreamDemanded() {
        lock.askUpstreamOnFirstDemand { upstreamSubscriptions }
    }
}
