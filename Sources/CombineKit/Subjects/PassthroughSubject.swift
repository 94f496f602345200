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
    /// Subscriptions given by `send(subscription:)`, asked for `.unlimited` once a subscriber has asked for
    /// values and cancelled when the subject goes. The first `waitingUpstreamCount` of them arrived before
    /// any subscriber asked, and wait for that (`downstreamDemanded()`); each later one is asked on arrival.
    @exclusivity(unchecked) private var upstreamSubscriptions: [Subscription] = []
    @exclusivity(unchecked) private var waitingUpstreamCount = 0

    // The lock's word holds two flags, each set once and never cleared:
    // - `demandedBit`: a subscriber has asked for values. Set without the lock, by a conduit's first
    //   `request` (`downstreamDemanded()`), so a subject fed by `send` takes no lock of its own for it.
    // - `upstreamWaitingBit`: an upstream subscription arrived before `demandedBit`. Set under the lock
    //   by `send(subscription:)`, together with the count of waiting subscriptions.
    // Both are set by an atomic or, so exactly one side sees the other's flag: if the subscription's
    // flag came first, the demanding conduit asks the waiting subscriptions (`askUpstream()`); if the
    // demand's, `send(subscription:)` asks its subscription at once.
    private static var demandedBit: Int { 1 }
    private static var upstreamWaitingBit: Int { 2 }

    /// What its subscriptions call themselves ("PassthroughSubject", or "ObservableObjectPublisher" for the
    /// subject behind one).
    @usableFromInline let conduitName: SubjectConduitName

    /// Creates a subject.
    public init() {
        conduitName = .passthroughSubject
        lock.initialize()
        assert(lock.isAt(&lockStorage), "PassthroughSubject: the inline lock must be the first stored property")
    }

    /// A subject whose subscriptions describe themselves as `conduitName`.
    internal init(conduitName: SubjectConduitName) {
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
        let demanded = lock.fetchOrWord(Self.upstreamWaitingBit) & Self.demandedBit != 0
        if !demanded { waitingUpstreamCount += 1 }
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

    /// For RxCombineBridge: `receive(subscriber:)`, returning the subscription `subscriber` received (the
    /// subject's own, which the bridge's Rx disposable cancels: no object of the bridge's between the two), or
    /// `nil` when the subject had completed (`subscriber` then received an empty subscription and the
    /// completion). Not part of Combine's API.
    @inlinable
    package func _subscribe<S: Subscriber>(_ subscriber: S) -> (any Cancellable & AnyObject)? where S.Input == Output, S.Failure == Failure {
        let conduit = SubjectConduit(parent: self, downstream: subscriber, name: conduitName, replaysCurrentValue: false)
        return attach(conduit, as: conduit, for: subscriber) ? conduit : nil
    }

    /// Adds `conduit`, made for `subscriber`, and hands it to `subscriber` (as `subscription`, the same object:
    /// an existential made in the caller, where the conformance needs no look-up); after a completion, gives
    /// `subscriber` the completion instead (the conduit, never attached, is released unused when this returns)
    /// and returns `false`.
    @usableFromInline @discardableResult
    func attach<S: Subscriber>(_ conduit: SubjectConduit<PassthroughSubject, S>, as subscription: Subscription, for subscriber: S) -> Bool {
        lock.lock()
        if let completionBox {
            lock.unlock()
            Self.replayCompletion(completionBox, to: subscriber)
            return false
        }
        conduit.listKey = conduits.append(conduit)
        lock.unlock()
        subscriber.receive(subscription: subscription)
        conduit.subscriptionDelivered()
        return true
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
        waitingUpstreamCount = 0
        lock.unlock()
        SubjectConduitList.finish(completion, snapshot, output: Output.self)
    }

    @usableFromInline func detach(key: UInt64) {
        lock.lock()
        conduits.remove(key: key)
        lock.unlock()
    }

    @usableFromInline func currentValueForNewDemand() -> Output? { nil }

    /// Sets `demandedBit` (the first time, with one atomic or); `true` if upstream subscriptions were waiting
    /// for it (see `demandedBit`).
    @usableFromInline func downstreamDemanded() -> Bool {
        if lock.word & Self.demandedBit != 0 { return false }
        return lock.fetchOrWord(Self.demandedBit) == Self.upstreamWaitingBit
    }

    /// Asks the subscriptions that waited for a subscriber's demand (see `demandedBit`), once.
    @usableFromInline func askUpstream() {
        lock.lock()
        let waiting = upstreamSubscriptions.prefix(waitingUpstreamCount)
        waitingUpstreamCount = 0
        lock.unlock()
        for subscription in waiting { subscription.request(.unlimited) }
    }
}
