import ReactiveBridgePrimitives

/// The base class of the inner objects of `flatMap` and `switchToLatest`: the lock they share with their
/// subclass, and delivery to the downstream strictly within its demand, one call at a time.
///
/// It does what a separate `DemandBuffer` did for these two operators, inside the inner object itself:
/// one heap block per operator and subscription instead of three (inner, buffer, the buffer's subscriber
/// storage), one generic type less to look up per subscription, and one lock for the children's
/// bookkeeping and the delivery state, so a subclass changes both in one critical section (a completion
/// is accepted in the same lock hold that decides it).
///
/// Values offered while the downstream has no demand (or while another thread is delivering) are queued;
/// whoever is delivering drains the queue as demand allows, then the completion. No lock is held while
/// calling the downstream, and re-entrant calls (a `request` or a value from inside `receive`) only
/// update state for the running loop to pick up.
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

    @inline(__always) private static var delivering: Int { 1 }
    @inline(__always) private static var slow: Int { 2 }
    @inline(__always) private static var flagBits: Int { 3 }

    // Guarded by `lock` (so the dynamic exclusivity checks, a runtime call per access, are off). The
    // per-value path touches no type built from a generic parameter (each would be a runtime metadata
    // look-up in unspecialised code): the queue is a `ValueRing` made on the first value that has to
    // wait, and the completion is a flag plus a boxed failure.

    let downstream: Downstream
    /// False once cancelled, or once the completion was delivered: nothing more is delivered.
    @exclusivity(unchecked) private var isAttached = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Values waiting for demand; made when the first one has to wait.
    @exclusivity(unchecked) private var ring: ValueRing<Value>?
    /// A completion was accepted; it is delivered after the queued values.
    @exclusivity(unchecked) private var hasCompletion = false
    /// The accepted failure, as a `CompletionBox<Downstream.Failure>`; `nil` with `hasCompletion` means finished.
    @exclusivity(unchecked) private var failureBox: AnyObject?
    /// The subclass's tag, kept above the two flag bits of the word (see the type's comment).
    @exclusivity(unchecked) private var tag = 0

    init(downstream: Downstream) {
        self.downstream = downstream
        super.init()
        // No demand yet: slow.
        lock.storeWord(Self.slow)
    }

    // MARK: For the subclass (all `…Locked` methods are called with `lock` held)

    /// The demand not yet used, minus the values waiting in the queue: what a new inner subscription may ask for.
    final var unusedDemandLocked: Subscribers.Demand {
        demand - queuedLocked
    }

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
        demand += additional
        refreshSlowBitLocked()
        drainOrUnlockLocked()
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
        refreshSlowBitLocked()
    }

    /// Stops all delivery at once and returns the queue for the caller to release after unlocking (its
    /// values' `deinit`s run no code under the lock).
    final func detachLocked() -> AnyObject? {
        guard isAttached else { return nil }
        isAttached = false
        let dropped = ring
        ring = nil
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

    /// Passes demand the downstream returned from `receive(_:)` to the inner publishers, as `request(_:)`
    /// passes requested demand (called without the lock, by the delivery's owner).
    func forwardReturnedDemand(_ demand: Subscribers.Demand) {}

    // MARK: Values

    /// Offers a value from an inner publisher whose tag is `tag` (0 unless the subclass sets tags):
    /// delivered now if demand allows and nobody else is delivering, otherwise queued; dropped if the tag
    /// is no longer current, after cancellation or after a completion was accepted.
    @inline(__always)
    final func offer(_ value: Value, tag: Int) {
        let idle = Self.wordTag(tag)
        if lock.exchangeWord(ifEqualTo: idle, with: idle | Self.delivering) {
            let additional = Self.call(downstream, with: value)
            if lock.exchangeWord(ifEqualTo: idle | Self.delivering, with: idle) { return }
            lock.lock()
            drainLocked(additional)
            return
        }
        offerSlowly(value, tag: tag)
    }

    @inline(never)
    private func offerSlowly(_ value: Value, tag: Int) {
        lock.lock()
        guard acceptsValuesLocked, Self.wordTag(tag) == self.tag else {
            lock.unlock()
            return
        }
        queueLocked.append(value)
        refreshSlowBitLocked()
        drainOrUnlockLocked()
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

    /// Takes the delivery and runs the loop (which releases the lock) if nobody holds it; otherwise sets
    /// `slow` (so the owner comes back for the lock when its call returns and finds the change) and unlocks.
    private func drainOrUnlockLocked() {
        while true {
            let word = lock.word
            if word & Self.delivering != 0 {
                if word & Self.slow != 0 || lock.exchangeWord(ifEqualTo: word, with: word | Self.slow) {
                    lock.unlock()
                    return
                }
            } else if lock.exchangeWord(ifEqualTo: word, with: word | Self.delivering) {
                drainLocked(.none)
                return
            }
        }
    }

    /// Ends the caller's delivery. The caller owns `delivering`, so nobody else changes the word meanwhile
    /// (the fast path only starts from the idle word; everything else changes it under the lock).
    private func endDeliveryLocked() {
        lock.storeWord(tag | (fastPathAllowedLocked ? 0 : Self.slow))
    }

    /// The loop of the delivery's owner (releases the lock): adds `additional`, delivers queued values while
    /// demand allows (the lock released around each call), then an accepted completion.
    private func drainLocked(_ additional: Subscribers.Demand) {
        if additional > 0 { demand += additional }
        while isAttached {
            if let ring, ring.count > 0, demand > 0 {
                let value = ring.removeFirst()
                demand -= 1
                lock.unlock()
                let more = Self.call(downstream, with: value)
                lock.lock()
                if more > 0 {
                    // Demand returned from `receive(_:)` is demand as a `request(_:)` is: counted first (an
                    // inner publisher subscribed meanwhile asks for it), then passed to the inner publishers
                    // (their values queue behind the delivery this loop holds).
                    demand += more
                    lock.unlock()
                    forwardReturnedDemand(more)
                    lock.lock()
                }
                continue
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
