import CombineKit
import ReactiveBridgePrimitives
import RxKit

/// `ObservableSubscription`'s delivery path: Rx events in (`on(_:)`, the element lane), values and
/// completion out to the Combine subscriber, at once when demand allows or later from the drain.
extension ObservableSubscription {
    // MARK: ObserverType (the Rx side)

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            complete(.failure(mapError(error)))
        case .completed:
            complete(.finished)
        }
    }

    /// Same as `on(.next(element))`.
    /// Inlined into `onNextElement(at:)`, the lane RxKit's subjects and sinks call: one frame per element.
    @inline(__always)
    func onNextElement(_ element: Element) {
        if InlineWord.compareExchange(self, expected: Self.unlimitedBit, desired: Self.unlimitedBit | Self.deliveringBit) {
            // Lock-free: unlimited demand, nothing held, not finished, nobody delivering. The returned
            // demand is irrelevant (`.unlimited` plus anything is `.unlimited`).
            _ = Self.call(&downstreamSlot.pointee, with: element)
            if InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit, desired: Self.unlimitedBit) { return }
            endContendedDelivery()
            return
        }
        if InlineWord.load(self) == Self.unlimitedBit | Self.deliveringBit | Self.nestableBit,
           currentThreadIdentity() == subscribingThread,
           InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit | Self.nestableBit, desired: Self.unlimitedBit | Self.deliveringBit) {
            // A synchronous source emitting inside the subscriber's `request` from `receive(subscription:)`,
            // unlimited demand, nothing held: delivered nested, lock-free.
            _ = Self.call(&downstreamSlot.pointee, with: element)
            if InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit, desired: Self.unlimitedBit | Self.deliveringBit | Self.nestableBit) { return }
            lock.lock()
            drainDeliveringLocked(nested: true)
            return
        }
        onNextElementLocking(element)
    }

    /// Calls the subscriber in place: passing the storage `inout` lets the call borrow it, where
    /// `downstreamSlot.pointee.receive(element)` copies the subscriber (a retain and a release per
    /// element; CombineKit's `DemandBuffer` does the same).
    @inline(__always)
    static func call(_ downstream: inout Downstream, with element: Element) -> Subscribers.Demand {
        downstream.receive(element)
    }

    /// `onNextElement` when the lock-free path is closed. Out of line: its `Downstream?` would otherwise
    /// cost a metadata look-up on the lock-free path too.
    @inline(never)
    func onNextElementLocking(_ element: Element) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        if heldCount == 0 && demand > 0 && hasDownstream && beginDeliveringLocked() {
            deliverDirectlyLocked(element)
            return
        }
        hold(element)
        refreshBlockedLocked()
        lock.unlock()
        drain()
    }

    /// Demand is waiting and nothing is held (this thread holds `deliveringBit`): hands the element
    /// straight over. Called with the lock held; returns with it released. Out of line, so holding an
    /// element (the other branch) pays no `Downstream?` metadata look-up.
    @inline(never)
    func deliverDirectlyLocked(_ element: Element) {
        demand -= 1
        let downstream = downstreamSlot.pointee
        lock.unlock()
        let more = downstream.receive(element)
        lock.lock()
        addDemandLocked(more)
        let released = endDeliveringLocked()
        let moreWork = heldCount > 0 || hasPendingCompletion
        lock.unlock()
        if released { destroyDetachedDownstream() }
        if moreWork { drain() }
    }

    /// The end of a lock-free delivery whose closing compare-exchange failed: something changed while
    /// the subscriber ran (an element held, a completion, a cancel). Settles under the lock and drains.
    @inline(never)
    func endContendedDelivery() {
        lock.lock()
        let released = endDeliveringLocked()
        let stopped = finished
        lock.unlock()
        if released { destroyDetachedDownstream() }
        if !stopped { drain() }
    }

    /// Adds demand returned by the subscriber. Call with `lock` held.
    func addDemandLocked(_ more: Subscribers.Demand) {
        demand += more
        if demand == .unlimited { _ = InlineWord.fetchOr(self, Self.unlimitedBit) }
    }

    func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        pendingCompletionBox = PendingCompletion(completion)
        hasPendingCompletion = true
        refreshBlockedLocked()
        lock.unlock()
        drain()
    }

    /// Holds an element beyond demand, applying the buffer policy. Called with the lock held.
    func hold(_ element: Element) {
        switch bufferPolicy {
        case .unbounded:
            pushHeldLocked(element)
        case .bounded(let capacity, let strategy):
            if heldCount < capacity {
                pushHeldLocked(element)
                return
            }
            switch strategy {
            case .dropNewest:
                return
            case .dropOldest:
                _ = popHeldLocked()
                pushHeldLocked(element)
            case .fail:
                failOnOverflowLocked(capacity: capacity)
            }
        }
    }

    /// `.bounded(_, .fail)` overflowed: stops the source; the held elements are still delivered before
    /// the failure. Out of line: the `Completion` it builds would cost a metadata look-up on every `hold`.
    @inline(never)
    func failOnOverflowLocked(capacity: Int) {
        pendingCompletionBox = PendingCompletion<Downstream.Failure>(.failure(mapError(BridgeBufferOverflow(capacity: capacity))))
        hasPendingCompletion = true
        var upstream = DisposableSlot.empty
        var nodeUpstream: SubjectSubscription?
        takeUpstreamLocked(into: &upstream, &nodeUpstream)
        lock.unlock()
        nodeUpstream?.dispose()
        if case .holding(let disposable) = consume upstream { disposable.dispose() }
        lock.lock()
    }

    /// Sends the boxed completion. Out of line: the `Completion` metadata it needs is looked up only here.
    @inline(never)
    static func deliverCompletion(_ box: AnyObject, to downstream: Downstream) {
        downstream.receive(completion: unsafeDowncast(box, to: PendingCompletion<Downstream.Failure>.self).completion)
    }

    /// Delivers held elements while there is demand, then the terminal event once nothing is held.
    func drain() {
        lock.lock()
        drainLocked()
    }

    /// `drain()` with the lock held; returns with it released.
    func drainLocked() {
        // Nothing held and no completion waiting (every subscription's `request` and
        // `subscriptionDelivered` with an asynchronous source): nothing to deliver, and `blockedBit` is
        // already up to date (whoever changes what it reflects refreshes it).
        if finished || !hasDownstream || (heldCount == 0 && !hasPendingCompletion) {
            lock.unlock()
            return
        }
        if beginDeliveringLocked() {
            drainDeliveringLocked(nested: false)
        } else if takeNestableLocked() {
            drainDeliveringLocked(nested: true)
        } else {
            lock.unlock()
        }
    }

    /// `drain` once this thread holds `deliveringBit`, or delivers nested inside `receive(subscription:)`
    /// (`nested`: `takeNestableLocked`). Called with the lock held; returns with it released. Out of
    /// line: its `Downstream?` and `Completion?` would otherwise cost metadata look-ups on every `drain`
    /// that finds another thread delivering.
    @inline(never)
    func drainDeliveringLocked(nested: Bool) {
        // The subscriber is called in its slot, not copied out first (a value-witness copy and destroy of
        // it per drain, most of which deliver nothing): while this thread delivers, nobody else touches
        // the slot (see the type's comment).
        while true {
            if finished { break }
            if heldCount > 0 && demand > 0 {
                let element = popHeldLocked()
                demand -= 1
                lock.unlock()
                let more = Self.call(&downstreamSlot.pointee, with: element)
                lock.lock()
                addDemandLocked(more)
                continue
            }
            if heldCount == 0, hasPendingCompletion, let box = pendingCompletionBox {
                finished = true
                detachDownstreamLocked()
                refreshBlockedLocked()  // `deliveringBit` stays set: nothing is delivered after this
                // (nested, `subscriptionDelivered` clears it; `nestableBit` stays clear)
                lock.unlock()
                // Moved out: the slot is empty from here, and the subscriber lives on for the call below.
                let downstream = downstreamSlot.move()
                Self.deliverCompletion(box, to: downstream)
                disposeUpstream()
                return
            }
            break
        }
        if nested {
            // A cancel meanwhile left the subscriber in its slot: `subscriptionDelivered` releases it.
            endNestedLocked()
            lock.unlock()
            return
        }
        let released = endDeliveringLocked()
        lock.unlock()
        if released { destroyDetachedDownstream() }
    }
}
