import ReactiveBridgePrimitives

/// Delivers values to a downstream subscriber strictly within its demand, one call at a time.
///
/// Values offered while the downstream has no demand (or while another thread is delivering) are
/// queued; whoever is delivering drains the queue as demand allows, then the completion. No lock is
/// held while calling the downstream, and re-entrant calls (a `request` or an `enqueue` from inside
/// `receive`) only update state for the running loop to pick up. Used by operators that merge
/// several sources or change threads (merge, zip, combineLatest, flatMap, switchToLatest, buffer…).
internal final class DemandBuffer<Downstream: Subscriber> {
    typealias Value = Downstream.Input

    // The lock's atomic word holds two bits (the scheme of `SubjectConduit`):
    // - `delivering`: one thread is calling the subscriber; when its call returns it delivers whatever
    //   was queued meanwhile. Set from 0 by a compare-exchange (the fast path) or under the lock; cleared
    //   by a compare-exchange from exactly `delivering` (the fast path) or under the lock by its owner.
    // - `slow`: the fast path may not be taken. Clear only while attached, with no completion, unlimited
    //   demand and an empty queue (`fastPathAllowedLocked`). Changed only under the lock.
    //
    // The fast path — a subscriber that asked for `.unlimited`, a value arriving while no other is being
    // delivered — is then: compare-exchange 0 → `delivering`, call the subscriber in place,
    // compare-exchange `delivering` → 0. No lock, no demand arithmetic (unlimited stays unlimited). If
    // the second exchange fails, something happened meanwhile (a value queued, a completion, a cancel)
    // and the owner takes the lock to deal with it. The subscriber's storage is never deinitialised while
    // `delivering` is set: a `cancel()` during a delivery leaves it to the owner.
    private static var delivering: Int { 1 }
    private static var slow: Int { 2 }

    // Guarded by `lock` (so the dynamic exclusivity checks are off). The per-value path touches no type
    // built from a generic parameter — `Downstream?`, `[Value]`, `Completion<…>?` would each cost a
    // runtime metadata look-up per value in unspecialised code: the subscriber is held through a
    // pointer while `hasDownstream`, the queue is a `ValueRing`, and `hasCompletion` mirrors `completion`.
    // Creating and destroying a buffer touches none either (it happens once per inner publisher in
    // flatMap and switchToLatest): the lock lives in the object, the ring is made on the first value that
    // has to wait, and the completion is boxed (`CompletionBox`, as in the subjects).

    /// The lock: must stay the first stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    private let downstreamSlot: UnsafeMutablePointer<Downstream>
    /// False once cancelled or completed: nothing more is delivered.
    @exclusivity(unchecked) private var isAttached = true
    /// Whether `downstreamSlot` is initialised (it outlives `isAttached` when a cancel arrives during a
    /// delivery, until the delivering thread's call returns).
    @exclusivity(unchecked) private var hasDownstream = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Values waiting for demand; made when the first one has to wait.
    @exclusivity(unchecked) private var ring: ValueRing<Value>?
    /// The completion once accepted: a `CompletionBox<Downstream.Failure>`.
    @exclusivity(unchecked) private var completionBox: AnyObject?
    @exclusivity(unchecked) private var hasCompletion = false

    init(downstream: Downstream) {
        downstreamSlot = .allocate(capacity: 1)
        downstreamSlot.initialize(to: downstream)
        lock.initialize()
        assert(lock.isAt(&lockStorage), "DemandBuffer: the inline lock must be the first stored property")
        // No demand yet: slow.
        lock.storeWord(Self.slow)
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        downstreamSlot.deallocate()
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// The number of values waiting (call with `lock` held).
    @inline(__always)
    private var queuedLocked: Int { ring?.count ?? 0 }

    /// The ring, made if there is none yet (call with `lock` held).
    private var queueLocked: ValueRing<Value> {
        if let ring { return ring }
        let made = ValueRing<Value>()
        ring = made
        return made
    }

    /// The demand not yet used, minus the values waiting in the queue.
    var unusedDemand: Subscribers.Demand {
        lock.lock()
        defer { lock.unlock() }
        return demand - queuedLocked
    }

    /// Values waiting for demand.
    var queuedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return queuedLocked
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !isAttached || hasCompletion
    }

    // MARK: The atomic word (all called with `lock` held)

    private var fastPathAllowedLocked: Bool {
        isAttached && !hasCompletion && demand == .unlimited && queuedLocked == 0
    }

    /// Sets or clears `slow` to match the state, leaving `delivering` as it is (a fast-path delivery may
    /// start or end concurrently, hence the compare-exchange loop).
    private func refreshSlowBitLocked() {
        let wanted = fastPathAllowedLocked ? 0 : Self.slow
        while true {
            let word = lock.word
            if word & Self.slow == wanted { return }
            if lock.exchangeWord(ifEqualTo: word, with: (word & ~Self.slow) | wanted) { return }
        }
    }

    /// Takes the delivery if nobody holds it and returns `true`. Otherwise sets `slow` (so the owner
    /// comes back for the lock when its call returns, and finds what the caller changed) and returns `false`.
    private func claimDeliveryLocked() -> Bool {
        while true {
            let word = lock.word
            if word & Self.delivering != 0 {
                if word & Self.slow != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) { return false }
            } else if lock.exchangeWord(ifEqualTo: word, with: word | Self.delivering) {
                return true
            }
        }
    }

    /// Ends the caller's delivery. The caller owns `delivering`, so nobody else changes the word
    /// meanwhile (the fast path only starts from 0; everything else changes it under the lock).
    private func endDeliveryLocked() {
        lock.storeWord(fastPathAllowedLocked ? 0 : Self.slow)
    }

    // MARK: Values, demand, completion

    /// Queues a value and delivers what demand allows. With `keepingOnlyLatest`, a value that
    /// cannot be delivered now replaces any other waiting value (used by combineLatest).
    func enqueue(_ value: Value, keepingOnlyLatest: Bool = false) {
        if lock.exchangeWord(ifEqualTo: 0, with: Self.delivering) {
            deliverClaimed(value)
            return
        }
        store(value, keepingOnlyLatest: keepingOnlyLatest)
        drain()
    }

    /// For a caller that orders values under its own lock: takes the delivery if the fast path is open
    /// (returns `true`: the caller must then call `deliverClaimed(_:)` with the value, after releasing
    /// its lock), otherwise queues the value like `store(_:keepingOnlyLatest:)` (returns `false`: the
    /// caller calls `drain()` after releasing its lock). A value computed later under the caller's lock
    /// either queues behind the delivery claimed here or claims after it ended, so order is kept.
    func storeOrClaim(_ value: Value, keepingOnlyLatest: Bool = false) -> Bool {
        if lock.exchangeWord(ifEqualTo: 0, with: Self.delivering) { return true }
        store(value, keepingOnlyLatest: keepingOnlyLatest)
        return false
    }

    /// Queues a value without delivering it; call `drain()` afterwards, with no lock held. Lets a
    /// caller queue values in the order it computed them under its own lock (calling out under that
    /// lock is not allowed), so that two threads cannot swap their values between computing and queueing.
    func store(_ value: Value, keepingOnlyLatest: Bool = false) {
        lock.lock()
        guard isAttached, !hasCompletion else {
            lock.unlock()
            return
        }
        let queued = queuedLocked
        if keepingOnlyLatest, queued > 0, demand < queued {
            // One value already waits beyond the demand: the newest replaces it.
            queueLocked.replaceLast(with: value)
        } else {
            queueLocked.append(value)
        }
        refreshSlowBitLocked()
        lock.unlock()
    }

    /// Adds demand and delivers what it allows. Returns what `drain()` returns.
    @discardableResult
    func request(_ demand: Subscribers.Demand) -> Subscribers.Demand {
        lock.lock()
        guard isAttached else {
            lock.unlock()
            return .none
        }
        self.demand += demand
        refreshSlowBitLocked()
        lock.unlock()
        return drain()
    }

    /// Completes after the queued values (finished) or at once, dropping them (`immediately`).
    func complete(_ completion: Subscribers.Completion<Downstream.Failure>, immediately: Bool = false) {
        lock.lock()
        guard isAttached, !hasCompletion else {
            lock.unlock()
            return
        }
        completionBox = CompletionBox(completion)
        hasCompletion = true
        if immediately {
            ring?.removeAll()
        }
        refreshSlowBitLocked()
        lock.unlock()
        drain()
    }

    /// `complete(.finished)`, out of line: a caller's per-value path then never needs the metadata of
    /// `Completion<Failure>` (metadata accessors are pure functions to the optimiser, which hoists them
    /// out of the rarely taken branch that completes, onto the path every value takes).
    @inline(never)
    func completeFinished() {
        complete(.finished)
    }

    /// Stops all delivery at once.
    func cancel() {
        lock.lock()
        guard isAttached else {
            ring?.removeAll()
            lock.unlock()
            return
        }
        isAttached = false
        ring?.removeAll()
        // Close the fast path; find out whether a delivery is in progress.
        var word = lock.word
        while !lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) {
            word = lock.word
        }
        if word & Self.delivering != 0 {
            // The delivering thread still calls through the storage: it releases the subscriber when
            // its call returns.
            lock.unlock()
            return
        }
        let downstream = takeDownstreamLocked()
        lock.unlock()
        withExtendedLifetime(downstream) {}  // released here, outside the lock
    }

    /// Takes the subscriber out (call with `lock` held and `hasDownstream` true, the delivery owned by
    /// the caller or by nobody).
    private func takeDownstreamLocked() -> Downstream {
        hasDownstream = false
        return downstreamSlot.move()
    }

    /// Delivers what demand allows (or returns at once if another call is already delivering: that
    /// one picks up the change). Returns the demand the subscriber returned from the values this call
    /// delivered: the owner passes it upstream, as it passes a `request(_:)`.
    @discardableResult
    func drain() -> Subscribers.Demand {
        lock.lock()
        guard claimDeliveryLocked() else {
            lock.unlock()
            return .none
        }
        return drainLocked(.none)
    }

    // MARK: Delivery (called owning `delivering`)

    /// Delivers `value` after `storeOrClaim(_:keepingOnlyLatest:)` returned `true` (or from `enqueue`).
    /// If nothing happened meanwhile, ends the delivery with one compare-exchange. Returns what `drain()`
    /// returns (nothing on the fast path, where demand is unlimited).
    @discardableResult
    func deliverClaimed(_ value: Value) -> Subscribers.Demand {
        let additional = Self.call(&downstreamSlot.pointee, with: value)
        if lock.exchangeWord(ifEqualTo: Self.delivering, with: 0) { return .none }
        return drainAfterDelivery(additional)
    }

    /// Calls the subscriber in place: passing the storage `inout` lets the call borrow it, where
    /// `downstreamSlot.pointee.receive(value)` copies the subscriber (a retain and a release of each of
    /// its references, per value).
    @inline(__always)
    private static func call(_ downstream: inout Downstream, with value: Value) -> Subscribers.Demand {
        downstream.receive(value)
    }

    @inline(never)
    private func drainAfterDelivery(_ additional: Subscribers.Demand) -> Subscribers.Demand {
        lock.lock()
        return drainLocked(additional)
    }

    /// The loop of the delivery's owner (call with `lock` held; releases it): adds `additional`,
    /// delivers queued values while demand allows (the lock released around each call), then a queued
    /// completion, or releases the subscriber if a cancel arrived. Returns the demand the subscriber
    /// returned meanwhile (`additional` included).
    private func drainLocked(_ additional: Subscribers.Demand) -> Subscribers.Demand {
        if additional > 0 { demand += additional }
        var returned = additional
        while true {
            guard isAttached else {
                releaseCancelledDownstreamLocked()
                return .none
            }
            if let ring, ring.count > 0, demand > 0 {
                let value = ring.removeFirst()
                demand -= 1
                lock.unlock()
                let more = Self.call(&downstreamSlot.pointee, with: value)
                lock.lock()
                if more > 0 {
                    demand += more
                    returned += more
                }
                continue
            }
            if queuedLocked == 0, hasCompletion {
                finishLocked()
                return .none
            }
            break
        }
        endDeliveryLocked()
        lock.unlock()
        return returned
    }

    /// A cancel arrived during the delivery that just ended: releases the subscriber it left in the
    /// storage (outside the lock) and ends the delivery. Called with `lock` held; releases it.
    private func releaseCancelledDownstreamLocked() {
        guard hasDownstream else {
            endDeliveryLocked()
            lock.unlock()
            return
        }
        let downstream = takeDownstreamLocked()
        endDeliveryLocked()
        lock.unlock()
        withExtendedLifetime(downstream) {}
    }

    /// Sends the completion once the queue is empty (call with `lock` held, owning the delivery;
    /// releases it). Out of line so the per-value loop never touches `Completion<Failure>?`.
    @inline(never)
    private func finishLocked() {
        let completion = unsafeDowncast(completionBox!, to: CompletionBox<Downstream.Failure>.self).completion
        isAttached = false
        let downstream = takeDownstreamLocked()
        endDeliveryLocked()
        lock.unlock()
        downstream.receive(completion: completion)
    }
}
