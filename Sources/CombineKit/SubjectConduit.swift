/// The per-subscriber subscription handed out by the subjects.
///
/// The subject keeps a list of conduits and offers each value to every conduit. A conduit:
/// - drops values while its subscriber has no outstanding demand (as Combine's subjects do);
/// - serialises delivery: if a value arrives (from another thread, or re-entrantly from inside the
///   subscriber) while a delivery is in progress, it is queued and delivered by the thread already
///   delivering, so the subscriber is never called concurrently and no lock is held while calling it;
/// - counts the subscriber's `receive(subscription:)` call as a delivery in progress: what arrives
///   during it (another thread sending as soon as demand was requested) is queued and delivered when
///   the subject calls `subscriptionDelivered()`. Combine requires the calls to a subscriber —
///   `receive(subscription:)` included — to be serialised (Combine team, forums.swift.org/t/29491/11);
/// - in current-value mode, delivers the subject's current value on the first demand, and again on
///   the next demand if a value was dropped for lack of demand.
internal class SubjectConduitBase<Output, Failure: Error>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    func offer(_ value: Output) { fatalError("abstract") }
    func finish(_ completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
    func request(_ demand: Subscribers.Demand) { fatalError("abstract") }
    func cancel() { fatalError("abstract") }
    func subscriptionDelivered() { fatalError("abstract") }
    var description: String { "Conduit" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

/// A subject's subscriber list.
///
/// Stored as `[AnyObject]` (a concrete type) rather than `[SubjectConduitBase<Output, Failure>]`: the
/// subjects' `send` runs as unspecialised generic code in client modules, where copying or iterating an
/// array whose element type depends on a generic parameter costs a runtime metadata look-up per call.
/// Every element is a `SubjectConduitBase<Output, Failure>`; nothing else is ever appended.
internal struct SubjectConduitList<Output, Failure: Error> {
    private(set) var snapshot: [AnyObject] = []

    mutating func append(_ conduit: SubjectConduitBase<Output, Failure>) {
        snapshot.append(conduit)
    }

    mutating func remove(_ conduit: SubjectConduitBase<Output, Failure>) {
        if let index = snapshot.firstIndex(where: { $0 === conduit }) {
            snapshot.remove(at: index)
        }
    }

    /// Empties the list, returning what it held.
    mutating func removeAll() -> [AnyObject] {
        defer { snapshot = [] }
        return snapshot
    }

    /// Offers `value` to every conduit of a snapshot (call with no lock held).
    static func offer(_ value: Output, to snapshot: [AnyObject]) {
        for conduit in snapshot {
            unsafeDowncast(conduit, to: SubjectConduitBase<Output, Failure>.self).offer(value)
        }
    }

    /// Completes every conduit of a snapshot (call with no lock held).
    static func finish(_ completion: Subscribers.Completion<Failure>, _ snapshot: [AnyObject]) {
        for conduit in snapshot {
            unsafeDowncast(conduit, to: SubjectConduitBase<Output, Failure>.self).finish(completion)
        }
    }
}

/// Implemented by the subjects so their conduits can detach and read the current value.
internal protocol SubjectConduitParent<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    func detach(_ conduit: SubjectConduitBase<Output, Failure>)
    /// The value to deliver on first demand, or `nil` for a pass-through subject.
    func currentValueForNewDemand() -> Output?
}

/// Values and a completion that arrived while a delivery was in progress (rare, so allocated on demand).
///
/// Kept out of line so that the per-value path only tests a class reference for `nil`: in unspecialised
/// generic code, touching an `[Output]` or a `Completion<Failure>?` costs a runtime metadata look-up
/// (a hash-table probe of several hundred instructions) on every value.
internal final class PendingDeliveries<Output, Failure: Error> {
    var values: [Output] = []
    var head = 0
    var completion: Subscribers.Completion<Failure>?

    var hasValues: Bool { head < values.count }

    func popValue() -> Output {
        let value = values[head]
        head += 1
        if head == values.count {
            values.removeAll(keepingCapacity: true)
            head = 0
        }
        return value
    }
}

internal final class SubjectConduit<Parent: SubjectConduitParent, Downstream: Subscriber>: SubjectConduitBase<Parent.Output, Parent.Failure>
    where Downstream.Input == Parent.Output, Downstream.Failure == Parent.Failure
{
    typealias Output = Parent.Output
    typealias Failure = Parent.Failure

    // Every stored property below is read and written only with `lock` held, which is what excludes
    // conflicting accesses; the compiler's dynamic exclusivity checks (a runtime call per access on the
    // per-value path) would add nothing, so they are switched off for the mutable ones.
    private let lock = Lock.make()
    @exclusivity(unchecked) private var parent: Parent?
    /// The subscriber, initialised while `isAttached`. Held through a pointer rather than as a
    /// `Downstream?` so that the per-value path needs no `Optional<Downstream>` metadata.
    private let downstreamStorage: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) private var isAttached = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// True from creation until `subscriptionDelivered()`: the subscriber is inside `receive(subscription:)`.
    @exclusivity(unchecked) private var isDelivering = true
    @exclusivity(unchecked) private var pending: PendingDeliveries<Output, Failure>?
    @exclusivity(unchecked) private var completionAccepted = false
    @exclusivity(unchecked) private var deliveredCurrentValue = false
    private let name: String
    private let replaysCurrentValue: Bool

    init(parent: Parent, downstream: Downstream, name: String, replaysCurrentValue: Bool) {
        self.parent = parent
        downstreamStorage = .allocate(capacity: 1)
        downstreamStorage.initialize(to: downstream)
        self.name = name
        self.replaysCurrentValue = replaysCurrentValue
    }

    deinit {
        if isAttached { downstreamStorage.deinitialize(count: 1) }
        downstreamStorage.deallocate()
    }

    override var description: String { name }
    override var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        let downstream: Downstream? = isAttached ? downstreamStorage.pointee : nil
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any, "demand": demand])
    }

    /// Takes the subscriber out (detaching it). Call with `lock` held and `isAttached` true.
    private func detachDownstreamLocked() -> Downstream {
        isAttached = false
        pending = nil
        parent = nil
        return downstreamStorage.move()
    }

    private func enqueueLocked(_ value: Output) {
        let queue = pending ?? PendingDeliveries()
        queue.values.append(value)
        pending = queue
    }

    override func offer(_ value: Output) {
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        guard demand > 0 else {
            deliveredCurrentValue = false
            lock.unlock()
            return
        }
        demand -= 1
        deliveredCurrentValue = true
        if isDelivering {
            enqueueLocked(value)
            lock.unlock()
            return
        }
        isDelivering = true
        let downstream = downstreamStorage.pointee
        lock.unlock()
        deliver(value, to: downstream)
    }

    override func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        completionAccepted = true
        if isDelivering {
            let queue = pending ?? PendingDeliveries()
            queue.completion = completion
            pending = queue
            lock.unlock()
            return
        }
        let downstream = detachDownstreamLocked()
        lock.unlock()
        downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard isAttached, !completionAccepted else {
            lock.unlock()
            return
        }
        self.demand += demand
        guard replaysCurrentValue, !deliveredCurrentValue, let current = parent?.currentValueForNewDemand() else {
            lock.unlock()
            return
        }
        deliveredCurrentValue = true
        self.demand -= 1
        if isDelivering {
            enqueueLocked(current)
            lock.unlock()
            return
        }
        isDelivering = true
        let downstream = downstreamStorage.pointee
        lock.unlock()
        deliver(current, to: downstream)
    }

    override func cancel() {
        lock.lock()
        guard isAttached else {
            lock.unlock()
            return
        }
        let parent = self.parent
        let downstream = detachDownstreamLocked()
        lock.unlock()
        // Released here, outside the lock (its deinit may run arbitrary code).
        withExtendedLifetime(downstream) {}
        parent?.detach(self)
    }

    /// Call once the subscriber's `receive(subscription:)` returned: delivers what arrived meanwhile.
    override func subscriptionDelivered() {
        lock.lock()
        guard isAttached else {
            isDelivering = false
            lock.unlock()
            return
        }
        if let queue = pending, queue.hasValues {
            let first = queue.popValue()
            let downstream = downstreamStorage.pointee
            lock.unlock()
            deliver(first, to: downstream)
            return
        }
        isDelivering = false
        if let completion = pending?.completion {
            let downstream = detachDownstreamLocked()
            lock.unlock()
            downstream.receive(completion: completion)
            return
        }
        lock.unlock()
    }

    /// Delivers `first` and then everything queued meanwhile; called with `isDelivering == true`.
    private func deliver(_ first: Output, to downstream: Downstream) {
        var next = first
        while true {
            let additional = downstream.receive(next)
            lock.lock()
            if additional > 0 { demand += additional }
            // The common case: still attached and nothing arrived during the delivery.
            guard isAttached, let queue = pending else {
                isDelivering = false
                lock.unlock()
                return
            }
            if queue.hasValues {
                next = queue.popValue()
                lock.unlock()
                continue
            }
            isDelivering = false
            endDeliveryLocked(queue, downstream)
            return
        }
    }

    /// The queue held no more values: sends a queued completion, if any. Called with `lock` held;
    /// releases it. Kept out of line so the per-value loop above never touches `Completion<Failure>?`.
    @inline(never)
    private func endDeliveryLocked(_ queue: PendingDeliveries<Output, Failure>, _ downstream: Downstream) {
        guard let completion = queue.completion else {
            pending = nil
            lock.unlock()
            return
        }
        _ = detachDownstreamLocked()
        lock.unlock()
        downstream.receive(completion: completion)
    }
}
