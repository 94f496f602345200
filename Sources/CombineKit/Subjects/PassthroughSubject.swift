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
    /// How a node entry (`_subscribeNode`) takes a value and the completion: the functions the first one
    /// came with (every node entry's are alike), set under the lock before that entry joined the list and
    /// never changed after, so a delivering thread reads them without the lock.
    @exclusivity(unchecked) private var nodeReceive: ((Output, UnsafeRawPointer) -> Void)?
    @exclusivity(unchecked) private var nodeComplete: ((Subscribers.Completion<Failure>, UnsafeRawPointer) -> Void)?
    /// What waits for the thread delivering to the node entries, made on first use (see `nodeDeliveringBit`).
    @exclusivity(unchecked) private var nodePending: PendingNodeDeliveries<Output, Failure>?

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
    // And two for the node entries, which the subject delivers to one thread at a time (a conduit serialises
    // its own subscriber's calls):
    // - `nodeDeliveringBit`: a thread is delivering to the node entries. Set under the lock
    //   (`claimNodeDeliveryLocked`); cleared by that thread with a compare-exchange when its delivery ends, or
    //   under the lock if `nodeAttentionBit` is set.
    // - `nodeAttentionBit`: while a delivery is in progress, a lock holder queued a value or the completion
    //   for the node entries, or removed one (which the delivering thread may be calling, unretained): the
    //   delivering thread's compare-exchange fails and it takes the lock to deliver what was queued and
    //   release what was removed (`drainNodeDeliveries`).
    private static var nodeDeliveringBit: Int { 4 }
    private static var nodeAttentionBit: Int { 8 }

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
        if let node = conduits.soleNode, claimNodeDeliveryLocked() {
            // One subscriber, a node entry, and nobody delivering: called unretained (if it is removed
            // meanwhile, the subject keeps it until this delivery ends, see `_removeNode(key:)`).
            lock.unlock()
            nodeReceive?(input, UnsafeRawPointer(node.toOpaque()))
            endNodeDelivery()
            return
        }
        guard conduits.nodeCount == 0 else {
            sendWithNodesLocked(input)
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

    /// `send(_:)` to a list with node entries, but for the sole one's fast path: the conduits are offered the
    /// value; the node entries get it now if nobody else is delivering to them, else it is queued for the
    /// thread that is, with the entries of the moment. Call with the lock held; releases it.
    @inline(never)
    private func sendWithNodesLocked(_ input: Output) {
        let delivers = claimNodeDeliveryLocked()
        if let single = conduits.single {
            // The one entry is a node entry (the list has one).
            guard delivers else {
                pendingNodesLocked.enqueue(input, for: conduits.snapshot)
                lock.unlock()
                return
            }
            lock.unlock()
            nodeReceive?(input, UnsafeRawPointer(Unmanaged.passUnretained(single).toOpaque()))
            endNodeDelivery()
            return
        }
        let snapshot = conduits.many.slots
        // The snapshot keeps every entry alive for the loops.
        guard delivers, let receive = nodeReceive else {
            if !delivers { pendingNodesLocked.enqueue(input, for: .many(snapshot)) }
            lock.unlock()
            SubscriberList.forEachKeyedSubscriber(in: snapshot) { key, entry in
                if !SubjectConduitList.isNodeKey(key) { SubjectConduitList.offer(input, toConduit: entry, failure: Failure.self) }
            }
            if delivers { endNodeDelivery() }
            return
        }
        lock.unlock()
        SubscriberList.forEachKeyedSubscriber(in: snapshot) { key, entry in
            if SubjectConduitList.isNodeKey(key) {
                receive(input, UnsafeRawPointer(entry.toOpaque()))
            } else {
                SubjectConduitList.offer(input, toConduit: entry, failure: Failure.self)
            }
        }
        endNodeDelivery()
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard !isTerminated else {
            lock.unlock()
            return
        }
        completionBox = CompletionBox(completion)
        isTerminated = true
        let hasNodes = conduits.nodeCount > 0
        let snapshot = conduits.removeAll()
        upstreamSubscriptions = []
        waitingUpstreamCount = 0
        var deliversToNodes = false
        if hasNodes {
            deliversToNodes = claimNodeDeliveryLocked()
            if !deliversToNodes { pendingNodesLocked.enqueue(completion, for: snapshot) }
        }
        lock.unlock()
        SubjectConduitList.finish(completion, snapshot, output: Output.self)
        if deliversToNodes {
            completeNodes(completion, in: snapshot)
            endNodeDelivery()
        }
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
        return lock.fetchOrWord(Self.demandedBit) & (Self.demandedBit | Self.upstreamWaitingBit) == Self.upstreamWaitingBit
    }

    /// Asks the subscriptions that waited for a subscriber's demand (see `demandedBit`), once.
    @usableFromInline func askUpstream() {
        lock.lock()
        let waiting = upstreamSubscriptions.prefix(waitingUpstreamCount)
        waitingUpstreamCount = 0
        lock.unlock()
        for subscription in waiting { subscription.request(.unlimited) }
    }

    // MARK: Node entries

    /// For RxCombineBridge: subscribes `node`, one of RxKit's observers, as an entry of the subject's own
    /// list, with no subscription object: it takes every value (unlimited demand, implied) through `receive`
    /// and the completion through `complete`, each called with the value and `node` (unretained; the list
    /// holds it), serially, the same way as for every node entry of the subject. Returns the key that
    /// `_removeNode(key:)` takes; `nil` when the subject had completed, `node` having then received the
    /// completion. As a first demand does, subscribing has the subject ask its upstream subscriptions for
    /// values. Not part of Combine's API.
    ///
    /// A node entry is not one of Combine's subscribers: nothing but the bridge, whose observers guard their
    /// own end as with RxKit's subjects, may make one. Values queued for the node entries while another
    /// thread delivers to them (or sent from inside one) go to the entries of the moment they were sent,
    /// after that delivery; one removed meanwhile is released when that delivery ends.
    @usableFromInline package func _subscribeNode(_ node: AnyObject, receive: @escaping (Output, UnsafeRawPointer) -> Void,
                                complete: @escaping (Subscribers.Completion<Failure>, UnsafeRawPointer) -> Void) -> UInt64? {
        lock.lock()
        if let completionBox {
            lock.unlock()
            Self.replayCompletion(completionBox, toNode: node, complete)
            return nil
        }
        if nodeReceive == nil {
            nodeReceive = receive
            nodeComplete = complete
        }
        let key = conduits.appendNode(node)
        lock.unlock()
        if downstreamDemanded() { askUpstream() }
        return key
    }

    /// For RxCombineBridge: removes the node entry `_subscribeNode` gave `key` (nothing if it is gone) and
    /// releases it, at once or, while a delivery to the node entries is in progress, when it ends. Not part
    /// of Combine's API.
    @usableFromInline package func _removeNode(key: UInt64) {
        lock.lock()
        let removed = conduits.remove(key: key)
        if let removed, isDeliveringToNodesLocked() {
            pendingNodesLocked.retired.append(removed)
            lock.unlock()
            return
        }
        lock.unlock()
        withExtendedLifetime(removed) {}  // released here, with no lock held
    }

    /// `replayCompletion` for a node entry.
    @inline(never)
    private static func replayCompletion(_ box: AnyObject, toNode node: AnyObject,
                                         _ complete: (Subscribers.Completion<Failure>, UnsafeRawPointer) -> Void) {
        complete(unsafeDowncast(box, to: CompletionBox<Failure>.self).completion, UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque()))
    }

    /// Gives the completion to the node entries of `snapshot`, as the thread delivering to them.
    private func completeNodes(_ completion: Subscribers.Completion<Failure>, in snapshot: SubjectConduitList.Snapshot) {
        Self.forEachNode(in: snapshot) { node in
            nodeComplete?(completion, UnsafeRawPointer(node.toOpaque()))
        }
    }

    /// Makes the caller the thread delivering to the node entries and returns `true`, if none is; otherwise
    /// sets `nodeAttentionBit` (the caller then queues what it has, under the same hold of the lock) and
    /// returns `false`. Call with the lock held.
    private func claimNodeDeliveryLocked() -> Bool {
        while true {
            let word = lock.word
            if word & Self.nodeDeliveringBit == 0 {
                if lock.exchangeWord(ifEqualTo: word, with: word | Self.nodeDeliveringBit) { return true }
            } else if word & Self.nodeAttentionBit != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.nodeAttentionBit) {
                return false
            }
        }
    }

    /// Whether a thread is delivering to the node entries; if so, sets `nodeAttentionBit` so that it comes
    /// for the lock when its delivery ends. Call with the lock held.
    private func isDeliveringToNodesLocked() -> Bool {
        while true {
            let word = lock.word
            if word & Self.nodeDeliveringBit == 0 { return false }
            if word & Self.nodeAttentionBit != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.nodeAttentionBit) { return true }
        }
    }

    /// Ends the caller's delivery to the node entries: one compare-exchange, unless something was queued or
    /// removed meanwhile (`nodeAttentionBit`).
    @inline(__always)
    private func endNodeDelivery() {
        let word = lock.word
        if word & Self.nodeAttentionBit == 0 && lock.exchangeWord(ifEqualTo: word, with: word & ~Self.nodeDeliveringBit) { return }
        drainNodeDeliveries()
    }

    /// The slow end of a delivery to the node entries: delivers what was queued meanwhile, in order, one
    /// item at a time with the lock released, then ends the delivery and releases the entries removed
    /// during it.
    @inline(never)
    private func drainNodeDeliveries() {
        while true {
            lock.lock()
            let pending = nodePending
            if let pending, pending.hasQueued {
                if pending.hasValues {
                    let (value, entries) = pending.popValue()
                    lock.unlock()
                    Self.forEachNode(in: entries) { nodeReceive?(value, UnsafeRawPointer($0.toOpaque())) }
                } else {
                    let (completion, entries) = pending.popCompletion()
                    lock.unlock()
                    completeNodes(completion, in: entries)
                }
                continue
            }
            var word = lock.word
            while !lock.exchangeWord(ifEqualTo: word, with: word & ~(Self.nodeDeliveringBit | Self.nodeAttentionBit)) {
                word = lock.word
            }
            let retired = pending?.takeRetired()
            lock.unlock()
            withExtendedLifetime(retired) {}  // released here, with no lock held
            return
        }
    }

    /// Calls `body` with each node entry of `snapshot`, in order.
    private static func forEachNode(in snapshot: SubjectConduitList.Snapshot, _ body: (Unmanaged<AnyObject>) -> Void) {
        switch snapshot {
        case .single(let single, let key):
            if SubjectConduitList.isNodeKey(key) { body(Unmanaged.passUnretained(single)) }
        case .many(let many):
            SubscriberList.forEachKeyedSubscriber(in: many) { key, entry in
                if SubjectConduitList.isNodeKey(key) { body(entry) }
            }
        }
    }

    /// The node entries' queue, made on first use. Call with the lock held.
    private var pendingNodesLocked: PendingNodeDeliveries<Output, Failure> {
        if let nodePending { return nodePending }
        let made = PendingNodeDeliveries<Output, Failure>()
        nodePending = made
        return made
    }
}
