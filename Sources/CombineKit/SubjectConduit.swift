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

/// Implemented by the subjects so their conduits can detach and read the current value.
internal protocol SubjectConduitParent<Output, Failure>: AnyObject {
    associatedtype Output
    associatedtype Failure: Error
    func detach(_ conduit: SubjectConduitBase<Output, Failure>)
    /// The value to deliver on first demand, or `nil` for a pass-through subject.
    func currentValueForNewDemand() -> Output?
}

internal final class SubjectConduit<Parent: SubjectConduitParent, Downstream: Subscriber>: SubjectConduitBase<Parent.Output, Parent.Failure>
    where Downstream.Input == Parent.Output, Downstream.Failure == Parent.Failure
{
    typealias Output = Parent.Output
    typealias Failure = Parent.Failure

    private let lock = Lock.make()
    private var parent: Parent?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    /// True from creation until `subscriptionDelivered()`: the subscriber is inside `receive(subscription:)`.
    private var isDelivering = true
    private var queuedValues: [Output] = []
    private var queuedCompletion: Subscribers.Completion<Failure>?
    private var completionAccepted = false
    private var deliveredCurrentValue = false
    private let name: String
    private let replaysCurrentValue: Bool

    init(parent: Parent, downstream: Downstream, name: String, replaysCurrentValue: Bool) {
        self.parent = parent
        self.downstream = downstream
        self.name = name
        self.replaysCurrentValue = replaysCurrentValue
    }

    override var description: String { name }
    override var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any, "demand": demand])
    }

    override func offer(_ value: Output) {
        lock.lock()
        guard let downstream = downstream, !completionAccepted else {
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
            queuedValues.append(value)
            lock.unlock()
            return
        }
        isDelivering = true
        lock.unlock()
        deliver(value, to: downstream)
    }

    override func finish(_ completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard let downstream = downstream, !completionAccepted else {
            lock.unlock()
            return
        }
        completionAccepted = true
        if isDelivering {
            queuedCompletion = completion
            lock.unlock()
            return
        }
        self.downstream = nil
        parent = nil
        lock.unlock()
        downstream.receive(completion: completion)
    }

    override func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard let downstream = downstream, !completionAccepted else {
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
            queuedValues.append(current)
            lock.unlock()
            return
        }
        isDelivering = true
        lock.unlock()
        deliver(current, to: downstream)
    }

    override func cancel() {
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        downstream = nil
        queuedValues = []
        queuedCompletion = nil
        let parent = self.parent
        self.parent = nil
        lock.unlock()
        parent?.detach(self)
    }

    /// Call once the subscriber's `receive(subscription:)` returned: delivers what arrived meanwhile.
    override func subscriptionDelivered() {
        lock.lock()
        guard let downstream = downstream else {
            isDelivering = false
            lock.unlock()
            return
        }
        if !queuedValues.isEmpty {
            let first = queuedValues.removeFirst()
            lock.unlock()
            deliver(first, to: downstream)
            return
        }
        isDelivering = false
        if let completion = queuedCompletion {
            queuedCompletion = nil
            self.downstream = nil
            parent = nil
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
            guard self.downstream != nil else {
                isDelivering = false
                lock.unlock()
                return
            }
            if !queuedValues.isEmpty {
                next = queuedValues.removeFirst()
                lock.unlock()
                continue
            }
            isDelivering = false
            if let completion = queuedCompletion {
                queuedCompletion = nil
                self.downstream = nil
                parent = nil
                lock.unlock()
                downstream.receive(completion: completion)
                return
            }
            lock.unlock()
            return
        }
    }
}
