import Dispatch

/// What a `QueueHandOff` hands its values to, on the queue.
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
/// Each waiting item keeps the receiver alive: `item(for:)` retains it, and the item releases it after it
/// ran. The block refers to this hand-off and the receiver unowned, so the receiver, which owns the
/// hand-off, is never kept alive by it.
package final class QueueHandOff<Receiver: QueueHandOffReceiver>: @unchecked Sendable {
    /// Must stay the first stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    /// Guarded by the lock.
    private let values = ValueRing<Receiver.HandedOff>()
    private unowned(unsafe) let receiver: Receiver
    /// The item the queue runs for every value; set at the end of `init`. Not an optional: on Linux the
    /// run-time metadata of an optional block type cannot be instantiated (unoptimised builds crash).
    private var block: @convention(block) () -> Void = {}

    /// A hand-off to `receiver`, which keeps it (and which it does not keep alive).
    package init(receiver: Receiver) {
        self.receiver = receiver
        lock.initialize()
        assert(lock.isAt(&lockStorage), "QueueHandOff: the inline lock must be the first stored property")
        block = { [unowned(unsafe) self] in self.handOldest() }
    }

    deinit {
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// Adds `value` and returns the queue item that hands it over (the receiver is retained until that
    /// item has run). Schedule the item exactly once, on the serial queue, right away: the item hands over
    /// whichever value is oldest when it runs, so items must reach the queue in the order of these calls.
    package func item(for value: Receiver.HandedOff) -> @convention(block) () -> Void {
        lock.lock()
        values.append(value)
        lock.unlock()
        _ = Unmanaged.passUnretained(receiver).retain()
        return block
    }

    /// One queue item: hands the oldest value to the receiver, then releases the receiver (which may
    /// free it, and this hand-off; the queue holds the block until it returns).
    private func handOldest() {
        let receiver = Unmanaged.passUnretained(self.receiver)
        lock.lock()
        let value = values.removeFirst()
        lock.unlock()
        receiver._withUnsafeGuaranteedRef { $0.receiveHandedOff(value) }
        receiver.release()
    }
}
