import ReactiveBridgePrimitives

/// The base class of the inner objects of `flatMap` and `switchToLatest`: the lock they share with their
/// subclass, and delivery to the downstream strictly within its demand, one call at a time.
///
/// One heap block per operator and subscription (inner object, delivery state and children's bookkeeping
/// together), and one lock for the children's bookkeeping and the delivery state, so a subclass changes
/// both in one critical section (a completion is accepted in the same lock hold that decides it).
///
/// Demand follows Combine's two schemes (`Policy`):
/// - `oneAtATime` (`flatMap`): while the downstream's demand is limited, each inner publisher is asked for
///   one value at a time. A value that arrives with demand left is counted against it at once and its
///   publisher's `receive(_:)` returns `.max(1)`; a value that arrives without demand waits (its publisher
///   is asked for nothing more), and once demand comes and it is delivered, its publisher is asked for
///   `.max(1)`. Once the downstream's demand is unlimited, every inner publisher is asked for `.unlimited`.
/// - `passThrough` (`switchToLatest`): the current inner publisher holds exactly the downstream's demand.
///   Each value is counted against it as it arrives, the demand the downstream returns from `receive(_:)`
///   is returned to the inner publisher, and a value sent without demand stops the process with a
///   precondition, as in Combine.
///
/// So the queue holds, in order, values already counted against demand (they arrived while another call
/// was delivering: re-entrantly from inside the downstream's `receive(_:)`, or from another thread) and
/// then values waiting for demand (`oneAtATime` only). Whoever is delivering drains it, then the
/// completion. No lock is held while calling the downstream, and re-entrant calls only update state for
/// the running loop to pick up.
///
/// The atomic word (the inline lock's) holds, as in `SubjectConduit`:
/// - `delivering`: one thread is calling the downstream; when its call returns it delivers whatever was
///   queued meanwhile. Set from `tag` by a compare-exchange (the fast path) or under the lock; cleared by a
///   compare-exchange back to exactly `tag` (the fast path) or under the lock by its owner.
/// - `slow`: the fast path may not be taken. Clear only while attached, with no completion, unlimited
///   demand and an empty queue (`fastPathAllowedLocked`). Changed only under the lock.
/// - above those two bits, a `tag` the subclass sets under the lock (`setTagLocked(_:)`): a value offered
///   with another tag cannot take the fast path. `switchToLatest` keeps its generation there, so a value
///   from a replaced inner publisher never slips past the check of the current generation.
///
/// The fast path — a downstream that asked for `.unlimited`, a value arriving while no other is being
/// delivered — is then: compare-exchange `tag` → `tag | delivering`, call the downstream, compare-exchange
/// back. No lock, no demand arithmetic. If the second exchange fails, something happened meanwhile (a value
/// queued, a completion, a cancel) and the owner takes the lock to deal with it.
///
/// The downstream is a `let`: it is released with the inner object (its upstream and children release
/// the inner when they are cancelled or complete). The lock is the root class's (`FlatteningSideOwner`).
@usableFromInline
internal class FlatteningInnerBase<Downstream: Subscriber>: FlatteningSideOwner<Downstream.Input, Downstream.Failure> {
    typealias Value = Downstream.Input

    /// How the inner publishers are given demand (see the type's comment).
    @usableFromInline
    enum Policy {
        /// `flatMap`: one value at a time per inner publisher while the downstream's demand is limited.
        case oneAtATime
        /// `switchToLatest`: the current inner publisher holds the downstream's demand.
        case passThrough
    }

    @inline(__always) private static var delivering: Int { 1 }
    @inline(__always) private static var slow: Int { 2 }
    @inline(__always) private static var flagBits: Int { 3 }

    // Guarded by `lock` (so the dynamic exclusivity checks, a runtime call per access, are off). The
    // per-value path touches no type built from a generic parameter (each would be a runtime metadata
    // look-up in unspecialised code): the queue is a `ValueRing` made on the first value that has to
    // wait, and the completion is a flag plus a boxed failure.

    let downstream: Downstream
    private let policy: Policy
    /// False once cancelled, or once the completion was delivered: nothing more is delivered.
    @exclusivity(unchecked) private var isAttached = true
    /// The downstream's demand not yet used (queued values already counted against it are not in it).
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Values queued for delivery; made when the first one has to wait.
    @exclusivity(unchecked) private var ring: ValueRing<Value>?
    /// How many of the queued values (the last ones) wait for demand (`oneAtATime`).
    @exclusivity(unchecked) private var waitingCount = 0
    /// The inner publisher (slot, then index) of each value waiting for demand, in the same order.
    @exclusivity(unchecked) private var waitingSides: ValueRing<Int>?
    /// A completion was accepted; it is delivered after the queued values.
    @exclusivity(unchecked) private var hasCompletion = false
    /// The accepted failure, as a `CompletionBox<Downstream.Failure>`; `nil` with `hasCompletion` means finished.
    @exclusivity(unchecked) private var failureBox: AnyObject?
    /// The subclass's tag, kept above the two flag bits of the word (see the type's comment).
    @exclusivity(unchecked) private var tag = 0

    init(downstream: Downstream, policy: Policy) {
        self.downstream = downstream
        self.policy = policy
        super.init()
        // No demand yet: slow.
        lock.storeWord(Self.slow)
    }

    // MARK: For the subclass (all `…Locked` methods are called with `lock` held)

    /// The downstream's demand not yet used: what a new `switchToLatest` inner subscription is asked for.
    final var demandLocked: Subscribers.Demand { demand }

    /// Whether values may still be offered (not cancelled, no completion accepted).
    final var acceptsValuesLocked: Bool { isAttached && !hasCompletion }

    /// A tag as kept in the word: above the flag bits (a tag wraps around after `Int.max >> 2`).
    @inline(__always)
    private static func wordTag(_ value: Int) -> Int { (value & (Int.max >> 2)) << 2 }

    /// Sets the tag kept above the flag bits.
    final func setTagLocked(_ value: Int) {
        tag = Self.wordTag(value)
        while true {
            let word = lock.word
            if lock.exchangeWord(ifEqualTo: word, with: (word & Self.flagBits) | tag) { return }
        }
    }

    /// Adds downstream demand and delivers what it allows. Releases the lock.
    final func addDemandAndDrainLocked(_ additional: Subscribers.Demand) {
        guard isAttached else {
            lock.unlock()
            return
        }
        let becameUnlimited = raiseDemandLocked(additional)
        refreshSlowBitLocked()
        drainOrUnlockLocked()
        if becameUnlimited { demandBecameUnlimited() }
    }

    /// Accepts `.finished` (delivered after the queued values) and delivers what it can. Releases the lock.
    final func finishAndDrainLocked() {
        guard acceptsValuesLocked else {
            lock.unlock()
            return
        }
        hasCompletion = true
        refreshSlowBitLocked()
        drainOrUnlockLocked()
    }

    /// Accepts a failure, dropping the queued values; nothing more is accepted. The caller releases the lock
    /// and then calls `drain()` (after cancelling what it has to, so the downstream hears of the failure last).
    @inline(never)
    final func acceptFailureLocked(_ completion: Subscribers.Completion<Downstream.Failure>) {
        guard acceptsValuesLocked else { return }
        hasCompletion = true
        failureBox = CompletionBox(completion)
        ring?.removeAll()
        waitingSides?.removeAll()
        waitingCount = 0
        refreshSlowBitLocked()
    }

    /// Stops all delivery at once and returns the queue for the caller to release after unlocking (its
    /// values' `deinit`s run no code under the lock).
    final func detachLocked() -> AnyObject? {
        guard isAttached else { return nil }
        isAttached = false
        let dropped = ring
        ring = nil
        waitingSides = nil
        waitingCount = 0
        // Close the fast path (a delivery in progress finds it on its way out and ends under the lock).
        while true {
            let word = lock.word
            if word & Self.slow != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) { break }
        }
        return dropped
    }

    /// Delivers what demand allows, or returns at once if another call is already delivering (that one
    /// picks up the change). Takes the lock.
    final func drain() {
        lock.lock()
        drainOrUnlockLocked()
    }

    // MARK: Hooks (called without the lock)

    /// `passThrough`: the downstream returned `demand` from `receive(_:)` for a value that had been queued
    /// (its inner publisher's `receive(_:)` had returned already): the subclass passes it to the inner
    /// publisher, as `request(_:)` passes requested demand.
    func forwardReturnedDemand(_ demand: Subscribers.Demand) {}

    /// `oneAtATime`: a value that waited for demand was delivered; the subclass asks its inner publisher
    /// (`slot`, `index`) for the next one.
    func waitingValueDelivered(slot: Int, index: Int) {}

    /// `oneAtATime`: the downstream's demand became unlimited; the subclass asks every inner publisher for
    /// `.unlimited`.
    func demandBecameUnlimited() {}

    // MARK: Values

    /// Offers a value from an inner publisher whose tag is `tag` (0 unless the subclass sets tags), and
    /// returns the demand that publisher's `receive(_:)` returns. Delivered now if demand allows and nobody
    /// else is delivering, otherwise queued; dropped if the tag is no longer current, after cancellation or
    /// after a completion was accepted. `policy` must be the one the object was made with (passed here as a
    /// constant, so the fast path needs no load for it); `slot` and `index` name the inner publisher for
    /// `oneAtATime`.
    @inline(__always)
    final func offer(_ value: Value, tag: Int, slot: Int, index: Int, policy: Policy) -> Subscribers.Demand {
        let idle = Self.wordTag(tag)
        if lock.exchangeWord(ifEqualTo: idle, with: idle | Self.delivering) {
            let additional = Self.call(downstream, with: value)
            if !lock.exchangeWord(ifEqualTo: idle | Self.delivering, with: idle) {
                lock.lock()
                drainLocked(additional)
            }
            // Unlimited demand: `flatMap`'s inner publishers were asked for `.unlimited`; `switchToLatest`
            // returns what the downstream returned.
            return policy == .passThrough ? additional : .none
        }
        return offerSlowly(value, tag: tag, slot: slot, index: index)
    }

    @inline(never)
    private func offerSlowly(_ value: Value, tag: Int, slot: Int, index: Int) -> Subscribers.Demand {
        lock.lock()
        guard acceptsValuesLocked, Self.wordTag(tag) == self.tag else {
            lock.unlock()
            return .none
        }
        if waitingCount == 0, demand > 0 {
            // Counted against the demand now.
            let limited = demand != .unlimited
            if limited { demand -= 1 }
            let asked: Subscribers.Demand = policy == .oneAtATime && limited ? .max(1) : .none
            guard claimDeliveryLocked() else {
                // Another call is delivering (this thread's, re-entrantly, or another thread's): the value
                // follows the ones it delivers.
                queueLocked.append(value)
                refreshSlowBitLocked()
                lock.unlock()
                return asked
            }
            lock.unlock()
            let more = Self.call(downstream, with: value)
            lock.lock()
            drainLocked(more)
            return policy == .passThrough ? more : asked
        }
        guard policy == .oneAtATime else {
            lock.unlock()
            preconditionFailure("switchToLatest: an inner publisher sent a value its subscriber had not requested; "
                + "a publisher must send no more values than the demand it was given")
        }
        // No demand: the value waits, and its inner publisher is asked for nothing more until it is delivered.
        queueLocked.append(value)
        let sides = waitingSidesLocked
        sides.append(slot)
        sides.append(index)
        waitingCount += 1
        refreshSlowBitLocked()
        lock.unlock()
        return .none
    }

    /// Calls the downstream in place (the `let` is borrowed, not copied: no retain and release of the
    /// subscriber's references per value).
    @inline(__always)
    private static func call(_ downstream: borrowing Downstream, with value: Value) -> Subscribers.Demand {
        downstream.receive(value)
    }

    // MARK: The word and the delivery loop (all called with `lock` held)

    @inline(__always)
    private var queuedLocked: Int { ring?.count ?? 0 }

    /// The ring, made if there is none yet.
    private var queueLocked: ValueRing<Value> {
        if let ring { return ring }
        let made = ValueRing<Value>()
        ring = made
        return made
    }

    private var waitingSidesLocked: ValueRing<Int> {
        if let waitingSides { return waitingSides }
        let made = ValueRing<Int>()
        waitingSides = made
        return made
    }

    /// Adds demand; returns whether it just became unlimited.
    @inline(__always)
    private func raiseDemandLocked(_ additional: Subscribers.Demand) -> Bool {
        guard demand != .unlimited else { return false }
        demand += additional
        return demand == .unlimited
    }

    private var fastPathAllowedLocked: Bool {
        isAttached && !hasCompletion && demand == .unlimited && queuedLocked == 0
    }

    /// Sets or clears `slow` to match the state, leaving `delivering` and the tag as they are (a fast-path
    /// delivery may start or end concurrently, hence the compare-exchange loop).
    private func refreshSlowBitLocked() {
        let wanted = fastPathAllowedLocked ? 0 : Self.slow
        while true {
            let word = lock.word
            if word & Self.slow == wanted { return }
            if lock.exchangeWord(ifEqualTo: word, with: (word & ~Self.slow) | wanted) { return }
        }
    }

    /// Takes the delivery and returns `true` if nobody holds it; otherwise sets `slow` (so the owner comes
    /// back for the lock when its call returns and finds the change) and returns `false`.
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

    /// Takes the delivery and runs the loop (which releases the lock) if nobody holds it; otherwise unlocks.
    private func drainOrUnlockLocked() {
        if claimDeliveryLocked() {
            drainLocked(.none)
        } else {
            lock.unlock()
        }
    }

    /// Ends the caller's delivery. The caller owns `delivering`, so nobody else changes the word meanwhile
    /// (the fast path only starts from the idle word; everything else changes it under the lock).
    private func endDeliveryLocked() {
        lock.storeWord(tag | (fastPathAllowedLocked ? 0 : Self.slow))
    }

    /// The loop of the delivery's owner (releases the lock): adds `additional` (what the downstream returned
    /// for the value the caller delivered), delivers the queued values already counted against demand, then
    /// those waiting for demand while it allows, then an accepted completion.
    private func drainLocked(_ additional: Subscribers.Demand) {
        var becameUnlimited = additional > 0 && raiseDemandLocked(additional)
        while isAttached {
            if let ring, ring.count > 0 {
                if ring.count > waitingCount {
                    let value = ring.removeFirst()
                    lock.unlock()
                    let more = Self.call(downstream, with: value)
                    lock.lock()
                    if more > 0 {
                        if raiseDemandLocked(more) { becameUnlimited = true }
                        if policy == .passThrough {
                            // Returned demand is demand as a `request(_:)` is: counted first (an inner
                            // publisher subscribed meanwhile is asked for it), then passed on.
                            lock.unlock()
                            forwardReturnedDemand(more)
                            lock.lock()
                        }
                    }
                    continue
                }
                if demand > 0 {
                    let value = ring.removeFirst()
                    let sides = waitingSidesLocked
                    let slot = sides.removeFirst()
                    let index = sides.removeFirst()
                    waitingCount -= 1
                    if demand != .unlimited { demand -= 1 }
                    lock.unlock()
                    let more = Self.call(downstream, with: value)
                    lock.lock()
                    if more > 0, raiseDemandLocked(more) { becameUnlimited = true }
                    if demand != .unlimited {
                        // (With unlimited demand every inner publisher is asked for `.unlimited` instead.)
                        lock.unlock()
                        waitingValueDelivered(slot: slot, index: index)
                        lock.lock()
                    }
                    continue
                }
            }
            if hasCompletion, queuedLocked == 0 {
                isAttached = false
                endDeliveryLocked()
                let failure = failureBox
                failureBox = nil
                lock.unlock()
                Self.sendCompletion(failure, to: downstream)
                return
            }
            break
        }
        endDeliveryLocked()
        lock.unlock()
        if becameUnlimited { demandBecameUnlimited() }
    }

    /// Out of line, so the per-value loop never needs `Completion<Failure>`'s metadata.
    @inline(never)
    private static func sendCompletion(_ failure: AnyObject?, to downstream: borrowing Downstream) {
        if let failure {
            downstream.receive(completion: unsafeDowncast(failure, to: CompletionBox<Downstream.Failure>.self).completion)
        } else {
            downstream.receive(completion: .finished)
        }
    }
}
