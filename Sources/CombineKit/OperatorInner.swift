/// Shared plumbing for the inner objects of operators: every inner is a final class that is both the
/// upstream's `Subscriber` and the downstream's `Subscription`, and keeps its `SubscriptionStatus`
/// under its own lock. These helpers take and release the lock; none calls out while holding it.
///
/// Every assignment to `status` is followed, under the lock, by `lock.setSubscribedFlag(_:)` with the
/// matching flag: the lock's atomic word mirrors "subscribed?", which `isActive()` (the per-value check)
/// reads without taking the lock. Debug builds check the mirror against `status` in `isActive()`.
internal protocol OperatorInner: AnyObject, Subscription {
    var lock: Lock { get }
    var status: SubscriptionStatus { get set }
}

extension OperatorInner {
    /// Stores the first upstream subscription; any later one is cancelled and `false` returned.
    @inline(__always)
    func acceptSubscription(_ subscription: Subscription) -> Bool {
        lock.lock()
        guard case .awaitingSubscription = status else {
            lock.unlock()
            subscription.cancel()
            return false
        }
        status = .subscribed(subscription)
        lock.setSubscribedFlag(true)
        lock.unlock()
        return true
    }

    /// Whether values may still flow (subscribed and not terminal): one atomic load of the mirror kept in
    /// the lock's word (`Lock.setSubscribedFlag(_:)`), no lock/unlock pair.
    @inline(__always)
    func isActive() -> Bool {
        assert(mirrorMatchesStatus(), "\(Self.self): status assigned without lock.setSubscribedFlag(_:)")
        return lock.isSubscribed
    }

    /// Debug check: the mirror agrees with `status` (both read under the lock).
    func mirrorMatchesStatus() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return lock.isSubscribed == status.isSubscribed
    }

    /// Moves to the terminal state; returns `true` if it was subscribed (so the caller may complete downstream).
    @inline(__always)
    func markTerminal() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard status.isSubscribed else { return false }
        status = .terminal
        lock.setSubscribedFlag(false)
        return true
    }

    /// Moves to the terminal state and cancels the upstream; returns `true` if it was subscribed.
    @inline(__always)
    func terminateAndCancelUpstream() -> Bool {
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return false
        }
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        subscription.cancel()
        return true
    }

    /// Forwards a (positive) demand to the upstream.
    @inline(__always)
    func forwardRequest(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard case .subscribed(let subscription) = status else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    /// Cancels the upstream once; idempotent.
    @inline(__always)
    func forwardCancel() {
        lock.lock()
        let subscription = status.subscription
        status = .terminal
        lock.setSubscribedFlag(false)
        lock.unlock()
        subscription?.cancel()
    }
}

/// Delivers values to a downstream subscriber strictly within its demand, one call at a time.
///
/// Values offered while the downstream has no demand (or while another thread is delivering) are
/// queued; whoever is delivering drains the queue as demand allows, then the completion. No lock is
/// held while calling the downstream, and re-entrant calls (a `request` or an `enqueue` from inside
/// `receive`) only update state for the running loop to pick up. Used by operators that merge
/// several sources or change threads (merge, zip, combineLatest, flatMap, switchToLatest, buffer…).
internal final class DemandBuffer<Downstream: Subscriber> {
    typealias Value = Downstream.Input

    // Guarded by `lock` (so the dynamic exclusivity checks are off). The per-value path touches no type
    // built from a generic parameter — `Downstream?`, `[Value]`, `Completion<…>?` would each cost a
    // runtime metadata look-up per value in unspecialised code: the subscriber is held through a
    // pointer while `hasDownstream`, the queue is a `ValueRing`, and `hasCompletion` mirrors `completion`.
    private let lock = Lock.make()
    private let downstreamSlot: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) private var hasDownstream = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    private let queue = ValueRing<Value>()
    @exclusivity(unchecked) private var completion: Subscribers.Completion<Downstream.Failure>?
    @exclusivity(unchecked) private var hasCompletion = false
    @exclusivity(unchecked) private var isDelivering = false

    init(downstream: Downstream) {
        downstreamSlot = .allocate(capacity: 1)
        downstreamSlot.initialize(to: downstream)
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        downstreamSlot.deallocate()
    }

    /// The demand not yet used, minus the values waiting in the queue.
    var unusedDemand: Subscribers.Demand {
        lock.lock()
        defer { lock.unlock() }
        return demand - queue.count
    }

    /// Values waiting for demand.
    var queuedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return queue.count
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !hasDownstream || hasCompletion
    }

    /// Queues a value and delivers what demand allows. With `keepingOnlyLatest`, a value that
    /// cannot be delivered now replaces any other waiting value (used by combineLatest).
    func enqueue(_ value: Value, keepingOnlyLatest: Bool = false) {
        store(value, keepingOnlyLatest: keepingOnlyLatest)
        drain()
    }

    /// Queues a value without delivering it; call `drain()` afterwards, with no lock held. Lets a
    /// caller queue values in the order it computed them under its own lock (calling out under that
    /// lock is not allowed), so that two threads cannot swap their values between computing and queueing.
    func store(_ value: Value, keepingOnlyLatest: Bool = false) {
        lock.lock()
        guard hasDownstream, !hasCompletion else {
            lock.unlock()
            return
        }
        let queued = queue.count
        if keepingOnlyLatest, queued > 0, demand < queued {
            // One value already waits beyond the demand: the newest replaces it.
            queue.replaceLast(with: value)
        } else {
            queue.append(value)
        }
        lock.unlock()
    }

    /// Adds demand and delivers what it allows.
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard hasDownstream else {
            lock.unlock()
            return
        }
        self.demand += demand
        lock.unlock()
        drain()
    }

    /// Completes after the queued values (finished) or at once, dropping them (`immediately`).
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>, immediately: Bool = false) {
        lock.lock()
        guard hasDownstream, !hasCompletion else {
            lock.unlock()
            return
        }
        self.completion = completion
        hasCompletion = true
        if immediately {
            queue.removeAll()
        }
        lock.unlock()
        drain()
    }

    /// Stops all delivery at once.
    func cancel() {
        lock.lock()
        let downstream: Downstream? = hasDownstream ? takeDownstreamLocked() : nil
        queue.removeAll()
        lock.unlock()
        withExtendedLifetime(downstream) {}  // released here, outside the lock
    }

    /// Takes the subscriber out (call with `lock` held and `hasDownstream` true).
    private func takeDownstreamLocked() -> Downstream {
        hasDownstream = false
        return downstreamSlot.move()
    }

    /// Delivers what demand allows (or returns at once if another call is already delivering).
    func drain() {
        lock.lock()
        if isDelivering {
            lock.unlock()
            return
        }
        isDelivering = true
        while hasDownstream {
            if queue.count > 0, demand > 0 {
                let value = queue.removeFirst()
                demand -= 1
                let downstream = downstreamSlot.pointee
                lock.unlock()
                let more = downstream.receive(value)
                lock.lock()
                if more > 0 { demand += more }
                continue
            }
            if queue.count == 0, hasCompletion {
                finishLocked()
                return
            }
            break
        }
        isDelivering = false
        lock.unlock()
    }

    /// Sends the completion once the queue is empty (call with `lock` held; releases it). Out of line
    /// so the per-value loop never touches `Completion<Failure>?`.
    @inline(never)
    private func finishLocked() {
        let completion = self.completion!
        let downstream = takeDownstreamLocked()
        isDelivering = false
        lock.unlock()
        downstream.receive(completion: completion)
    }
}
