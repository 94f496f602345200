import ReactiveBridgePrimitives

/// Emits the elements of a sequence as demanded, then a fixed completion.
///
/// It looks one element ahead so the completion follows the last element without waiting for more
/// demand (an empty sequence completes right after the subscription). A `request(_:)` made
/// re-entrantly from inside `receive(_:)` only adds demand; the loop already running delivers it,
/// so there is no recursion. Shared by `Publishers.Sequence` and `Record` (see `SequenceSubscriptionStyle`).
/// `request(.none)` is accepted and adds nothing, as in Combine.
internal final class SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Elements.Element
{
    private let lock = Lock()
    // Guarded by `lock`, except the iterator, which only the emitting thread (`isEmitting`) touches, and
    // advances without the lock: a custom sequence's `next()` is user code, which may call back into this
    // subscription (`request`, `cancel`). The run-time exclusivity checks — five per value — are off.
    @exclusivity(unchecked) private var iterator: Elements.Iterator
    @exclusivity(unchecked) private var nextElement: Elements.Element?
    @exclusivity(unchecked) private var downstream: Downstream?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var isEmitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>
    private let style: SequenceSubscriptionStyle
    /// The sequence, for the description and mirror; `nil` once cancelled or terminal. Guarded by `lock`.
    @exclusivity(unchecked) private var elements: Elements?

    /// Subscribes `downstream`; completes it at once if there is nothing to emit. Arrays and integer ranges
    /// get a `PositionalSequenceSubscription`, which reads them by position; other sequences this one.
    static func start(_ elements: Elements, downstream: Downstream, completion: Subscribers.Completion<Downstream.Failure>, style: SequenceSubscriptionStyle) {
        if let positional = PositionalElements.of(elements) {
            guard positional.count > 0 else {
                downstream.receive(subscription: Subscriptions.empty)
                downstream.receive(completion: completion)
                return
            }
            let subscription = PositionalSequenceSubscription(elements: elements, positional: positional, downstream: downstream,
                                                              completion: completion, style: style)
            downstream.receive(subscription: subscription)
            return
        }
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
            return
        }
        let subscription = SequenceSubscription(elements: elements, iterator: iterator, first: first, downstream: downstream,
                                                completion: completion, style: style)
        downstream.receive(subscription: subscription)
    }

    private init(elements: Elements, iterator: Elements.Iterator, first: Elements.Element, downstream: Downstream,
                 completion: Subscribers.Completion<Downstream.Failure>, style: SequenceSubscriptionStyle) {
        self.elements = elements
        self.iterator = iterator
        self.nextElement = first
        self.downstream = downstream
        self.completion = completion
        self.style = style
    }

    var description: String {
        lock.lock()
        let elements = self.elements
        lock.unlock()
        return style.description(of: elements)
    }
    var customMirror: Mirror {
        lock.lock()
        let elements = self.elements
        lock.unlock()
        return style.mirror(of: self, elements: elements, completion: completion)
    }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard downstream != nil, demand != .none else {
            lock.unlock()
            return
        }
        self.demand += demand
        if isEmitting {
            lock.unlock()
            return
        }
        isEmitting = true
        while let downstream = downstream, self.demand > 0, let element = nextElement {
            self.demand -= 1
            nextElement = nil
            lock.unlock()
            let following = iterator.next()
            lock.lock()
            if self.downstream == nil {
                // Cancelled while the iterator ran: nothing more is sent (the elements go with no lock held).
                isEmitting = false
                lock.unlock()
                return
            }
            nextElement = following
            let isLast = following == nil
            if isLast {
                self.downstream = nil
                elements = nil
            }
            lock.unlock()
            let additional = downstream.receive(element)
            if isLast {
                downstream.receive(completion: completion)
                return
            }
            lock.lock()
            if additional > 0 { self.demand += additional }
        }
        isEmitting = false
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        // Released outside the lock: their deinits may run arbitrary code.
        let releasedDownstream = downstream.take()
        let releasedElement = nextElement.take()
        let releasedElements = elements.take()
        lock.unlock()
        _ = releasedDownstream
        _ = releasedElement
        _ = releasedElements
    }
}

/// `SequenceSubscription` for a sequence read by position (an array, an integer range: see
/// `PositionalElements`), with the same behaviour: values as demanded, completion right after the last
/// value, a re-entrant `request(_:)` only adds demand.
///
/// Per value it takes no lock and touches no type built from a generic parameter: the emitting thread
/// owns `position` and the demand it has taken, and checks for a cancel with one atomic load (the inline
/// lock's word: 1 while values may flow). Demand arriving meanwhile (re-entrantly or from another thread)
/// is added to `pendingDemand` under the lock; the emitter collects it when its own runs out, and only
/// then leaves `isEmitting`.
internal final class PositionalSequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Elements.Element
{
    // Must stay the first stored property (see `InlineLockStorage`). Its word: 1 until cancelled or terminal.
    private var lockStorage = InlineLockStorage()
    private let elements: Elements
    private let positional: PositionalElements
    /// The next position to send; only touched by the emitting thread (`isEmitting`).
    @exclusivity(unchecked) private var position = 0
    /// Guarded by the lock; `nil` once cancelled or terminal (the subscriber is released then).
    @exclusivity(unchecked) private var downstream: Downstream?
    /// Demand not yet taken by an emitting thread; guarded by the lock.
    @exclusivity(unchecked) private var pendingDemand = Subscribers.Demand.none
    /// Whether a thread is in `emit`; guarded by the lock.
    @exclusivity(unchecked) private var isEmitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>
    private let style: SequenceSubscriptionStyle

    init(elements: Elements, positional: PositionalElements, downstream: Downstream, completion: Subscribers.Completion<Downstream.Failure>,
         style: SequenceSubscriptionStyle) {
        self.elements = elements
        self.positional = positional
        self.downstream = downstream
        self.completion = completion
        self.style = style
        lock.initialize()
        lock.storeWord(1)
        assert(lock.isAt(&lockStorage), "PositionalSequenceSubscription: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    private var lock: InlineLock { InlineLock(in: self) }

    var description: String { style.description(of: lock.word != 0 ? elements : nil) }
    var customMirror: Mirror { style.mirror(of: self, elements: lock.word != 0 ? elements : nil, completion: completion) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        guard demand != .none else { return }
        lock.lock()
        guard lock.word != 0, !isEmitting, let downstream else {
            if lock.word != 0 { pendingDemand += demand }
            lock.unlock()
            return
        }
        isEmitting = true
        let taken = pendingDemand + demand
        pendingDemand = .none
        lock.unlock()
        emit(taken, to: downstream)
    }

    func cancel() {
        lock.lock()
        lock.storeWord(0)
        // Released outside the lock: its deinit may run arbitrary code.
        let released = downstream
        downstream = nil
        lock.unlock()
        _ = released
    }

    /// Sends values while there is demand; returns when it runs out, when cancelled, or after completing.
    private func emit(_ taken: Subscribers.Demand, to downstream: Downstream) {
        var demand = taken
        while true {
            let finished = positional.withReader(of: elements) { reader in
                sendValues(from: reader, demand: &demand, to: downstream)
            }
            if finished {
                downstream.receive(completion: completion)
                return
            }
            lock.lock()
            guard lock.word != 0, pendingDemand != .none else {
                isEmitting = false
                lock.unlock()
                return
            }
            demand = pendingDemand
            pendingDemand = .none
            lock.unlock()
        }
    }

    /// Sends values from `position` while `demand` lasts and nothing cancelled; returns `true` when the last
    /// value was sent (the subscription is then terminal and the caller sends the completion).
    @inline(__always)
    private func sendValues(from reader: PositionalElements.Reader<Elements.Element>, demand: inout Subscribers.Demand, to downstream: Downstream) -> Bool {
        let count = reader.count
        while demand != .none, lock.word != 0 {
            let current = position
            // Past the storage only if a sequence's storage shrank between calls (see `withReader`): end there.
            guard current < count else { return endBeforeLastValue() }
            position = current + 1
            if current + 1 == positional.count {
                // The last value: terminal before it is sent, so a cancel or request from inside it does nothing
                // and the completion follows whatever the subscriber does (as the iterating subscription).
                guard endBeforeLastValue() else { return false }
                _ = downstream.receive(reader.element(at: current))
                return true
            }
            let additional = downstream.receive(reader.element(at: current))
            demand -= 1
            if additional != .none { demand += additional }
        }
        return false
    }

    /// Makes the subscription terminal unless a cancel got there first (then returns `false`).
    @inline(never)
    private func endBeforeLastValue() -> Bool {
        lock.lock()
        guard lock.word != 0 else {
            lock.unlock()
            return false
        }
        lock.storeWord(0)
        let released = downstream
        downstream = nil
        lock.unlock()
        _ = released
        return true
    }
}

/// How a sequence subscription describes itself, as Combine's do: `Publishers.Sequence`'s shows its
/// sequence (description `"1...5"`, mirror child `sequence`) and "Sequence" once cancelled or finished;
/// `Record`'s shows its output and its completion (children `sequence` and `completion`) and
/// "Cancelled Events" once cancelled or finished. The mirror's `sequence` is then an empty array.
internal enum SequenceSubscriptionStyle {
    case sequence
    case record

    /// `elements` is `nil` once the subscription is cancelled or terminal.
    func description<Elements: Sequence>(of elements: Elements?) -> String {
        guard let elements else { return self == .record ? "Cancelled Events" : "Sequence" }
        return String(describing: elements)
    }

    func mirror<Elements: Sequence, Failure: Error>(of subject: Any, elements: Elements?,
                                                    completion: Subscribers.Completion<Failure>) -> Mirror {
        let sequence: Any = elements.map { $0 as Any } ?? [Elements.Element]()
        switch self {
        case .sequence: return Mirror(subject, children: ["sequence": sequence])
        case .record: return Mirror(subject, children: ["sequence": sequence, "completion": completion])
        }
    }
}
