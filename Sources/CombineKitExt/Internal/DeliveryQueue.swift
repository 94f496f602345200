import CombineKit
import ReactiveBridgePrimitives

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

/// A completion kept as an `AnyObject?`: only a queue or subject that actually completes pays for
/// `Subscribers.Completion<Failure>`'s metadata.
///
/// Why: CombineKitExt runs as unspecialised generic code in client modules, where each operation on a
/// generic struct or enum (`Optional<Output>`, `Completion<Failure>`, an `Array`) costs a runtime metadata
/// look-up; a class's methods find their generic arguments in the instance, and a `nil` reference costs
/// nothing to test or to destroy. For the same reason values wait in a `ValueRing` (a package primitive): a
/// class over one heap block that only needs the element's value witnesses, where an `Array` looked its
/// metadata up several times per value (appending, and emptying it when it drained).
internal final class CompletionBox<Failure: Error> {
    internal let completion: Subscribers.Completion<Failure>
    internal init(_ completion: Subscribers.Completion<Failure>) { self.completion = completion }

    @inline(__always)
    internal static func unbox(_ box: AnyObject) -> Subscribers.Completion<Failure> {
        unsafeDowncast(box, to: CompletionBox<Failure>.self).completion
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
@usableFromInline
internal final class DeliveryQueue<Output, Failure: Error>: @unchecked Sendable {
    // The mutable properties are guarded by `lock`, which is what excludes conflicting accesses, so the
    // compiler's dynamic exclusivity checks (a runtime call per access) are off. The lock is kept in the
    // object (one heap block less per queue): `lockStorage` must stay the first stored property (see
    // `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    @exclusivity(unchecked) private var downstream: AnySubscriber<Output, Failure>?
    @exclusivity(unchecked) private var onDemand: ((Subscribers.Demand) -> Void)?
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Values waiting for demand (made when the first one arrives).
    @exclusivity(unchecked) private var buffer: ValueRing<Output>?
    /// The accepted completion, a `CompletionBox<Failure>`.
    @exclusivity(unchecked) private var pendingCompletion: AnyObject?
    @exclusivity(unchecked) private var isDraining = false

    // Inlinable, as `AnySubscriber(boxing:)`: where the subscriber's type is concrete (`ReplayingSubject`'s
    // `receive(subscriber:)`, inlined into `share(replay:)`'s), the box is made with metadata from the
    // caller's cache instead of a run-time look-up per subscriber.
    @inlinable
    internal convenience init<S: Subscriber>(_ downstream: S, onDemand: ((Subscribers.Demand) -> Void)? = nil)
        where S.Input == Output, S.Failure == Failure {
        self.init(boxed: AnySubscriber(boxing: downstream), onDemand: onDemand)
    }

    @usableFromInline
    internal init(boxed downstream: AnySubscriber<Output, Failure>, onDemand: ((Subscribers.Demand) -> Void)?) {
        self.downstream = downstream
        self.onDemand = onDemand
        lock.initialize()
        assert(lock.isAt(&lockStorage), "DeliveryQueue: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    private var lock: InlineLock { InlineLock(in: self) }

    /// `true` once a completion was accepted or the queue was cancelled.
    internal var isClosed: Bool {
        lock.withLock { downstream == nil || pendingCompletion != nil }
    }

    /// Demand the subscriber has asked for and not yet been given.
    internal var outstandingDemand: Subscribers.Demand { lock.withLock { demand } }

    /// Number of values waiting for demand.
    internal var bufferedCount: Int { lock.withLock { buffer?.count ?? 0 } }

    /// Hands the subscriber its subscription (call once, before any value). The call counts as a
    /// delivery in progress: values that arrive meanwhile (from another thread, once the subscriber
    /// requested) wait and are delivered when it returns, because Combine serialises
    /// `receive(subscription:)` with the other calls to a subscriber (forums.swift.org/t/29491/11).
    internal func start(_ subscription: Subscription) {
        lock.lock()
        let wasDraining = isDraining
        isDraining = true
        let target = downstream
        lock.unlock()
        target?.receive(subscription: subscription)
        guard !wasDraining else { return }
        lock.withLock { isDraining = false }
        drain()
    }

    /// Adds a value to the buffer without delivering it; `false` if the queue is closed.
    @discardableResult
    internal func enqueue(_ value: Output) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard downstream != nil, pendingCompletion == nil else { return false }
        if let buffer {
            buffer.append(value)
        } else {
            let made = ValueRing<Output>()
            made.append(value)
            buffer = made
        }
        return true
    }

    /// Records the completion (delivered after the buffered values); `false` if already closed.
    @discardableResult
    internal func enqueue(completion: Subscribers.Completion<Failure>) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard downstream != nil, pendingCompletion == nil else { return false }
        pendingCompletion = CompletionBox(completion)
        return true
    }

    /// Enqueues and delivers as demand allows. When nothing waits, demand is there and nobody is
    /// delivering, the value goes straight to the subscriber (one lock round trip fewer, and no trip
    /// through the buffer).
    internal func send(_ value: Output) {
        lock.lock()
        guard let target = downstream, pendingCompletion == nil else {
            lock.unlock()
            return
        }
        guard !isDraining, demand > 0, buffer?.isEmpty ?? true else {
            lock.unlock()
            if enqueue(value) { drain() }
            return
        }
        isDraining = true
        demand -= 1
        lock.unlock()
        let additional = target.receive(value)
        lock.lock()
        addDemandLocked(additional)
        isDraining = false
        let moreWork = !(buffer?.isEmpty ?? true) || pendingCompletion != nil
        lock.unlock()
        if moreWork { drain() }
    }

    /// For an owner that must order values under a lock of its own but may not call the subscriber while
    /// holding it (`ReplayingSubject`): claims delivery of one value now — if nothing waits, demand is
    /// there and nobody is delivering — and counts it against the demand; `false` (and nothing changed)
    /// otherwise, or if the queue is closed. After `true`, the caller must release its own lock and call
    /// `deliverClaimed(_:)` with the value: meanwhile the queue counts as delivering, so values and a
    /// completion that arrive wait behind it, as they would behind an enqueued value.
    internal func claimDelivery() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard downstream != nil, pendingCompletion == nil, !isDraining, demand > 0, buffer?.isEmpty ?? true else {
            return false
        }
        isDraining = true
        demand -= 1
        return true
    }

    /// Delivers the value a successful `claimDelivery()` made room for, then whatever arrived meanwhile.
    internal func deliverClaimed(_ value: Output) {
        lock.lock()
        let target = downstream
        lock.unlock()
        // Cancelled since the claim: the value is not delivered (Combine: no value after `cancel()`).
        let additional = target?.receive(value) ?? .none
        lock.lock()
        addDemandLocked(additional)
        isDraining = false
        let moreWork = downstream != nil && (!(buffer?.isEmpty ?? true) || pendingCompletion != nil)
        lock.unlock()
        if moreWork { drain() }
    }

    /// Enqueues the completion and delivers it once the buffer is empty.
    internal func finish(_ completion: Subscribers.Completion<Failure>) {
        if enqueue(completion: completion) { drain() }
    }

    /// Adds downstream demand, reports it through `onDemand`, and delivers what it allows.
    internal func request(_ additional: Subscribers.Demand) {
        precondition(additional > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            drain()
            return
        }
        demand += additional
        let callback = onDemand
        lock.unlock()
        callback?(additional)
        drain()
    }

    /// Stops delivery at once and forgets the buffer; `true` if the queue was still open to the
    /// subscriber (it had not been cancelled and the completion had not been delivered).
    @discardableResult
    internal func cancel() -> Bool {
        lock.lock()
        guard let downstream else {
            lock.unlock()
            return false
        }
        let onDemand = self.onDemand, buffer = self.buffer, pendingCompletion = self.pendingCompletion
        self.downstream = nil
        self.onDemand = nil
        self.buffer = nil
        self.pendingCompletion = nil
        lock.unlock()
        // Released here, outside the lock (a deinit may run arbitrary code). One by one, not as a tuple
        // through `withExtendedLifetime`: a generic call needs the tuple's and its elements' metadata,
        // each a runtime look-up in this unspecialised code.
        _fixLifetime(downstream)
        _fixLifetime(onDemand)
        _fixLifetime(buffer)
        _fixLifetime(pendingCompletion)
        return true
    }

    /// Delivers buffered values as demand allows, then the completion; one thread at a time.
    internal func drain() {
        lock.lock()
        if isDraining {
            lock.unlock()
            return
        }
        isDraining = true
        while let target = downstream {
            if demand > 0, let buffer, !buffer.isEmpty {
                let value = buffer.removeFirst()
                demand -= 1
                lock.unlock()
                let additional = target.receive(value)
                lock.lock()
                addDemandLocked(additional)
                continue
            }
            if buffer?.isEmpty ?? true, let completion = pendingCompletion {
                downstream = nil
                onDemand = nil
                isDraining = false
                lock.unlock()
                Self.deliver(completion, to: target)
                return
            }
            break
        }
        isDraining = false
        lock.unlock()
    }

    /// Adds the demand a subscriber's `receive(_:)` returned and reports it through `onDemand` (called
    /// with the lock released). Call with `lock` held; returns with it held.
    private func addDemandLocked(_ additional: Subscribers.Demand) {
        guard additional > 0, downstream != nil else { return }
        demand += additional
        let callback = onDemand
        lock.unlock()
        callback?(additional)
        lock.lock()
    }

    /// Out of line so that `drain` needs no `Completion<Failure>` metadata on the way to a value.
    @inline(never)
    private static func deliver(_ completion: AnyObject, to target: AnySubscriber<Output, Failure>) {
        target.receive(completion: CompletionBox<Failure>.unbox(completion))
    }
}
