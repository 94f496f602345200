import Dispatch

/// What a `QueueHandOff` hands its values to, on the queue.
@usableFromInline
package protocol QueueHandOffReceiver: AnyObject {
    associatedtype HandedOff
    /// Called on the serial queue with each value, in the order they were handed off.
    func receiveHandedOff(_ value: HandedOff)
}

/// Values handed from a sender to a serial dispatch queue, one queue item per value, with no allocation
/// per value beyond the queue's own work item: `observe(on:)`'s and `receive(on:)`'s per-value hop.
///
/// The values wait here, in order, and every item the queue runs is the same block, made once, which takes
/// the oldest value and gives it to the receiver. A serial queue runs its items one at a time, in order,
/// so the k-th item takes the k-th value: each value keeps its place among other work sent to the queue,
/// exactly as with one `async { … }` per value — which costs two allocations more per value (the closure's
/// context and the block), where a block that `async` has been given before is only retained.
///
/// Each waiting item keeps the receiver alive: `item(for:)` and `send(_:to:)` retain it, and the item
/// releases it after it ran. The block refers to this hand-off and the receiver unowned, so the receiver,
/// which owns the hand-off, is never kept alive by it.
///
/// `@usableFromInline` with `@inlinable` members, so that a client with a concrete receiver (a scheduler)
/// gets them specialised: the ring's append and removal inline, not through the value's witnesses.
@usableFromInline
package final class QueueHandOff<Receiver: QueueHandOffReceiver>: @unchecked Sendable {
    /// Must stay the first stored property (see `InlineLockStorage`).
    @usableFromInline var lockStorage = InlineLockStorage()
    /// Guarded by the lock.
    @usableFromInline let values = ValueRing<Receiver.HandedOff>()
    @usableFromInline unowned(unsafe) let receiver: Receiver
    /// The item the queue runs for every value; set at the end of `init`. Not an optional: on Linux the
    /// run-time metadata of an optional block type cannot be instantiated (unoptimised builds crash).
    /// Written only by `init`, so its reads need no run-time exclusivity check.
    @exclusivity(unchecked) @usableFromInline var block: @convention(block) () -> Void = {}

    /// A hand-off to `receiver`, which keeps it (and which it does not keep alive).
    @inlinable
    package init(receiver: Receiver) {
        self.receiver = receiver
        lock.initialize()
        assert(lock.isAt(&lockStorage), "QueueHandOff: the inline lock must be the first stored property")
        block = { [unowned(unsafe) self] in self.handOldest() }
    }

    deinit {
        lock.destroy()
    }

    @inlinable @inline(__always)
    var lock: InlineLock { InlineLock(in: self) }

    /// Adds `value` and returns the queue item that hands it over (the receiver is retained until that
    /// item has run). Schedule the item exactly once, on the serial queue, right away: the item hands over
    /// whichever value is oldest when it runs, so items must reach the queue in the order of these calls.
    @inlinable
    package func item(for value: Receiver.HandedOff) -> @convention(block) () -> Void {
        lock.lock()
        values.append(value)
        lock.unlock()
        _ = Unmanaged.passUnretained(receiver).retain()
        return block
    }

    /// Adds `value` and sends its queue item to `queue` (serial) in one step, under the lock: the items
    /// reach the queue in the order of the values even when several threads send at once, so each sender's
    /// values keep their place among the other work it sends to the queue. For a hand-off with several
    /// senders (a scheduler's); `item(for:)` serves a single sender without holding the lock over `async`.
    @inlinable
    package func send(_ value: Receiver.HandedOff, to queue: DispatchQueue) {
        _ = Unmanaged.passUnretained(receiver).retain()
        lock.lock()
        values.append(value)
        queue.asyncUnchecked(block)
        lock.unlock()
    }

    /// One queue item: hands the oldest value to the receiver, then releases the receiver (which may
    /// free it, and this hand-off; the queue holds the block until it returns).
    @inlinable
    func handOldest() {
        let receiver = Unmanaged.passUnretained(self.receiver)
        lock.lock()
        let value = values.removeFirst()
        lock.unlock()
        receiver._withUnsafeGuaranteedRef { $0.receiveHandedOff(value) }
        receiver.release()
    }
}
