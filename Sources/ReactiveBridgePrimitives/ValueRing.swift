/// A growable FIFO of values in one heap block (a ring), for queues on per-value paths.
///
/// Why not an `Array`: the operators run as unspecialised generic code in client modules, where each
/// `Array` operation on a generic element type (`append`, `removeAll(keepingCapacity:)`, even `count`)
/// costs one or more runtime metadata look-ups; pointer operations only need the element's value
/// witnesses, which come with the generic argument. A class (not a generic struct stored inline, whose
/// every access from unspecialised code needs the struct's own metadata): the block has one owner and
/// is freed, with the values it holds, exactly once.
///
/// Not thread-safe by itself: its owner touches it only under its own lock.
///
/// Used by CombineKit's `DemandBuffer` and flattening inners, and by CombineKitExt's `DeliveryQueue`,
/// `ReplayingSubject` and `zip` over a collection.
@usableFromInline
package final class ValueRing<Value> {
    // Guarded by the owner's lock; nothing is called out while an access lasts, so the run-time
    // exclusivity checks (a runtime call per access, which only catches same-thread overlaps) are off.
    @exclusivity(unchecked) @usableFromInline var storage: UnsafeMutablePointer<Value>?
    @exclusivity(unchecked) @usableFromInline var capacity = 0
    @exclusivity(unchecked) @usableFromInline var start = 0
    /// The number of values held.
    @exclusivity(unchecked) @usableFromInline package internal(set) var count = 0

    /// Creates an empty ring; its block is allocated with the first value.
    @inlinable
    package init() {}

    /// Creates an empty ring with a block for `capacity` values (more than 0) allocated now: for an owner
    /// that knows how many it will hold (a replay buffer), where the first value would otherwise get a
    /// block for 8.
    @inlinable
    package init(capacity: Int) {
        precondition(capacity > 0, "ValueRing(capacity:) was given \(capacity); pass 1 or more, or use ValueRing().")
        storage = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        guard let storage else { return }
        for offset in 0..<count {
            (storage + (start + offset) % capacity).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    /// Whether the ring holds no value.
    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// Adds `value` at the end.
    @inlinable
    package func append(_ value: Value) {
        if count == capacity { grow() }
        (storage! + (start + count) % capacity).initialize(to: value)
        count += 1
    }

    /// Removes and returns the first value (the ring must not be empty).
    @inlinable
    package func removeFirst() -> Value {
        precondition(count > 0, "ValueRing.removeFirst() on an empty ring")
        let value = (storage! + start).move()
        start = (start + 1) % capacity
        count -= 1
        if count == 0 { start = 0 }
        return value
    }

    /// Replaces the last value (the ring must not be empty).
    @inlinable
    package func replaceLast(with value: Value) {
        precondition(count > 0, "ValueRing.replaceLast(with:) on an empty ring")
        (storage! + (start + count - 1) % capacity).pointee = value
    }

    /// Removes every value, keeping the block.
    @inlinable
    package func removeAll() {
        guard let storage else { return }
        for offset in 0..<count {
            (storage + (start + offset) % capacity).deinitialize(count: 1)
        }
        start = 0
        count = 0
    }

    /// Calls `body` with each value, first to last.
    @inlinable
    package func forEach(_ body: (Value) -> Void) {
        guard let storage else { return }
        for offset in 0..<count { body((storage + (start + offset) % capacity).pointee) }
    }

    @usableFromInline
    func grow() {
        let newCapacity = Swift.max(8, capacity * 2)
        let newStorage = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        if let storage {
            for offset in 0..<count {
                (newStorage + offset).moveInitialize(from: storage + (start + offset) % capacity, count: 1)
            }
            storage.deallocate()
        }
        storage = newStorage
        capacity = newCapacity
        start = 0
    }
}
