import CombineKit

/// A first-in first-out buffer with amortised O(1) `append` and `popFirst`.
internal struct FIFO<Element> {
    private var storage: [Element] = []
    private var head = 0

    internal init(_ elements: [Element] = []) { storage = elements }

    internal var isEmpty: Bool { head == storage.count }
    internal var count: Int { storage.count - head }
    internal var elements: ArraySlice<Element> { storage[head...] }

    internal mutating func append(_ element: Element) { storage.append(element) }

    internal mutating func popFirst() -> Element? {
        guard head < storage.count else { return nil }
        let element = storage[head]
        head += 1
        if head >= 32 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }

    internal mutating func removeAll() {
        storage = []
        head = 0
    }
}

/// The downstream half shared by CombineKitExt's operators: it owns the subscriber, counts its
/// demand, and delivers values and the completion one at a time.
///
/// - Values handed to it beyond the subscriber's demand wait in a FIFO buffer (nothing is dropped);
///   a completion waits behind the buffered values, so a `.max(1)` subscriber loses nothing when
///   the stream ends.
/// - Delivery is serialised: if `drain()` is entered while another thread (or a re-entrant call
///   from inside the subscriber) is delivering, the work is left to the thread already delivering.
/// - No lock is held while the subscriber or `onDemand` runs.
/// - `onDemand` is told about every increase of downstream demand (from `request(_:)` and from the
///   value `receive(_:)` returns), so an operator can pass demand upstream.
internal final class DeliveryQueue<Output, Failure: Error>: @unchecked Sendable {
    private enum Step {
        case value(Output, AnySubscriber<Output, Failure>)
        case completion(Subscribers.Completion<Failure>, AnySubscriber<Output, Failure>)
        case idle
    }

    private let lock = ExtLock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var onDemand: ((Subscribers.Demand) -> Void)?
    private var demand = Subscribers.Demand.none
    private var buffer = FIFO<Output>()
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var isDraining = false

    internal init<S: Subscriber>(_ downstream: S, onDemand: ((Subscribers.Demand) -> Void)? = nil)
        where S.Input == Output, S.Failure == Failure {
        self.downstream = AnySubscriber(downstream)
        self.onDemand = onDemand
    }

    /// `true` once a completion was accepted or the queue was cancelled.
    internal var isClosed: Bool {
        lock.withLock { downstream == nil || pendingCompletion != nil }
    }

    /// Demand the subscriber has asked for and not yet been given.
    internal var outstandingDemand: Subscribers.Demand { lock.withLock { demand } }

    /// Number of values waiting for demand.
    internal var bufferedCount: Int { lock.withLock { buffer.count } }

    /// Hands the subscriber its subscription (call once, before any value). The call counts as a
    /// delivery in progress: values that arrive meanwhile (from another thread, once the subscriber
    /// requested) wait and are delivered when it returns, because Combine serialises
    /// `receive(subscription:)` with the other calls to a subscriber (forums.swift.org/t/29491/11).
    internal func start(_ subscription: Subscription) {
        let (target, wasDraining): (AnySubscriber<Output, Failure>?, Bool) = lock.withLock {
            let wasDraining = isDraining
            isDraining = true
            return (downstream, wasDraining)
        }
        target?.receive(subscription: subscription)
        guard !wasDraining else { return }
        lock.withLock { isDraining = false }
        drain()
    }

    /// Adds a value to the buffer without delivering it; `false` if the queue is closed.
    @discardableResult
    internal func enqueue(_ value: Output) -> Bool {
        lock.withLock {
            guard downstream != nil, pendingCompletion == nil else { return false }
            buffer.append(value)
            return true
        }
    }

    /// Records the completion (delivered after the buffered values); `false` if already closed.
    @discardableResult
    internal func enqueue(completion: Subscribers.Completion<Failure>) -> Bool {
        lock.withLock {
            guard downstream != nil, pendingCompletion == nil else { return false }
            pendingCompletion = completion
            return true
        }
    }

    /// Enqueues and delivers as demand allows.
    internal func send(_ value: Output) {
        if enqueue(value) { drain() }
    }

    /// Enqueues the completion and delivers it once the buffer is empty.
    internal func finish(_ completion: Subscribers.Completion<Failure>) {
        if enqueue(completion: completion) { drain() }
    }

    /// Adds downstream demand, reports it through `onDemand`, and delivers what it allows.
    internal func request(_ additional: Subscribers.Demand) {
        precondition(additional > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        let callback: ((Subscribers.Demand) -> Void)? = lock.withLock {
            guard downstream != nil else { return nil }
            demand += additional
            return onDemand
        }
        callback?(additional)
        drain()
    }

    /// Stops delivery at once and forgets the buffer; `true` if the queue was still open to the
    /// subscriber (it had not been cancelled and the completion had not been delivered).
    @discardableResult
    internal func cancel() -> Bool {
        lock.withLock {
            guard downstream != nil else { return false }
            downstream = nil
            onDemand = nil
            buffer.removeAll()
            pendingCompletion = nil
            return true
        }
    }

    /// Delivers buffered values as demand allows, then the completion; one thread at a time.
    internal func drain() {
        lock.lock()
        if isDraining {
            lock.unlock()
            return
        }
        isDraining = true
        while true {
            let step: Step
            if let target = downstream {
                if demand > 0, let value = buffer.popFirst() {
                    demand -= 1
                    step = .value(value, target)
                } else if buffer.isEmpty, let completion = pendingCompletion {
                    downstream = nil
                    onDemand = nil
                    step = .completion(completion, target)
                } else {
                    step = .idle
                }
            } else {
                step = .idle
            }
            switch step {
            case .idle:
                isDraining = false
                lock.unlock()
                return
            case .completion(let completion, let target):
                isDraining = false
                lock.unlock()
                target.receive(completion: completion)
                return
            case .value(let value, let target):
                lock.unlock()
                let additional = target.receive(value)
                lock.lock()
                if additional > 0, downstream != nil {
                    demand += additional
                    let callback = onDemand
                    lock.unlock()
                    callback?(additional)
                    lock.lock()
                }
            }
        }
    }
}
