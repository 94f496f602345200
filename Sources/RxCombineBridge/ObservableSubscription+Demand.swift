import CombineKit
import ReactiveBridgePrimitives
import RxKit

/// `ObservableSubscription`'s demand and buffer state: the elements held beyond demand (a ring of raw
/// slots) and the state word that says who delivers and whether the lock-free path may run.
extension ObservableSubscription {
    // MARK: Held elements (all with `lock` held)

    /// Slot `index` of the ring (0 ..< ringCapacity).
    @inline(__always)
    func slot(_ index: Int) -> UnsafeMutablePointer<Element> {
        ring.unsafelyUnwrapped.assumingMemoryBound(to: Element.self) + index
    }

    /// Appends `element` after the newest held one.
    func pushHeldLocked(_ element: Element) {
        if heldCount == ringCapacity { growRingLocked() }
        var index = ringHead + heldCount
        if index >= ringCapacity { index -= ringCapacity }
        slot(index).initialize(to: element)
        heldCount += 1
    }

    /// Takes out the oldest held element (there must be one).
    func popHeldLocked() -> Element {
        let element = slot(ringHead).move()
        ringHead += 1
        if ringHead == ringCapacity { ringHead = 0 }
        heldCount -= 1
        return element
    }

    /// Doubles the ring (16 slots at first), moving the held elements to its start in order.
    @inline(never)
    func growRingLocked() {
        let capacity = max(16, ringCapacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * MemoryLayout<Element>.stride, alignment: MemoryLayout<Element>.alignment)
        let target = grown.assumingMemoryBound(to: Element.self)
        if let ring {
            let first = min(heldCount, ringCapacity - ringHead)
            target.moveInitialize(from: slot(ringHead), count: first)
            (target + first).moveInitialize(from: slot(0), count: heldCount - first)
            ring.deallocate()
        }
        ring = grown
        ringCapacity = capacity
        ringHead = 0
    }

    /// Destroys the held elements and frees the ring. Inline, so that a subscription that never held one (the
    /// ring is made for the first) pays a test, not a call (R2 Rx→Combine: two per subscription).
    @inline(__always)
    func discardHeldLocked() {
        if ring != nil { discardRingLocked() }
    }

    @inline(never)
    func discardRingLocked() {
        while heldCount > 0 { _ = popHeldLocked() }
        ring?.deallocate()
        ring = nil
        ringCapacity = 0
        ringHead = 0
    }


    // MARK: The state word (all with `lock` held)

    var isDeliveringLocked: Bool { InlineWord.load(self) & Self.deliveringBit != 0 }

    /// Sets `deliveringBit` unless it is set (by another thread, or the lock-free path); returns whether
    /// this call set it.
    func beginDeliveringLocked() -> Bool {
        while true {
            let word = InlineWord.load(self)
            if word & Self.deliveringBit != 0 { return false }
            if InlineWord.compareExchange(self, expected: word, desired: word | Self.deliveringBit) { return true }
        }
    }

    /// Whether the calling thread may deliver nested: it is the subscribing thread, inside the subscriber's
    /// `receive(subscription:)` and not inside a delivery. If so, clears `nestableBit` (nested deliveries
    /// do not nest further) for `endNestedLocked` to restore.
    func takeNestableLocked() -> Bool {
        guard InlineWord.load(self) & Self.nestableBit != 0, currentThreadIdentity() == subscribingThread else { return false }
        _ = InlineWord.fetchAdd(self, -Self.nestableBit)
        return true
    }

    /// Ends a nested delivery: `nestableBit` back (unless finished: nothing more is delivered) and
    /// `blockedBit` up to date. `deliveringBit` stays: `subscriptionDelivered` clears it.
    func endNestedLocked() {
        if !finished { _ = InlineWord.fetchOr(self, Self.nestableBit) }
        refreshBlockedLocked()
    }

    /// Clears `deliveringBit` (held by the caller) and brings `blockedBit` up to date. If the
    /// subscription was cancelled during the delivery, the subscriber is detached and this returns
    /// `true`: the caller then destroys it with `destroyDetachedDownstream()` once the lock is released
    /// (`cancel` leaves that to the delivering thread).
    func endDeliveringLocked() -> Bool {
        let released = finished && hasDownstream
        if released { detachDownstreamLocked() }
        refreshBlockedLocked()
        _ = InlineWord.fetchAdd(self, -Self.deliveringBit)
        return released
    }

    /// Sets `blockedBit` if anything needs the lock (finished, a pending completion, held elements, no
    /// subscriber), clears it otherwise.
    func refreshBlockedLocked() {
        let blocked = finished || hasPendingCompletion || heldCount > 0 || !hasDownstream
        while true {
            let word = InlineWord.load(self)
            let desired = blocked ? word | Self.blockedBit : word & ~Self.blockedBit
            if desired == word || InlineWord.compareExchange(self, expected: word, desired: desired) { return }
        }
    }
}
