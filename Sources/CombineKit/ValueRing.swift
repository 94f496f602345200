/// A growable FIFO of values in one heap block (a ring), for queues on per-value paths.
///
/// Why not an `Array`: the operators run as unspecialised generic code in client modules, where each
/// `Array` operation on a generic element type (`append`, `removeAll(keepingCapacity:)`, even `count`)
/// costs one or more runtime metadata look-ups; pointer operations only need the element's value
/// witnesses, which come with the generic argument. A class (not a generic struct stored inline, whose
/// every access from unspecialised code needs the struct's own metadata): the block has one owner and
/// is freed, with the values it holds, exactly once.
internal final class ValueRing<Value> {
    private var storage: UnsafeMutablePointer<Value>?
    private var capacity = 0
    private var start = 0
    /// The number of values held.
    private(set) var count = 0

    init() {}

    deinit {
        guard let storage else { return }
        for offset in 0..<count {
            (storage + (start + offset) % capacity).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    /// Adds `value` at the end.
    func append(_ value: Value) {
        if count == capacity { grow() }
        (storage! + (start + count) % capacity).initialize(to: value)
        count += 1
    }

    /// Removes and returns the first value (the ring must not be empty).
    func removeFirst() -> Value {
        precondition(count > 0, "ValueRing.removeFirst() on an empty ring")
        let value = (storage! + start).move()
        start = (start + 1) % capacity
        count -= 1
        if count == 0 { start = 0 }
        return value
    }

    /// Replaces the last value (the ring must not be empty).
    func replaceLast(with value: Value) {
        precondition(count > 0, "ValueRing.replaceLast(with:) on an empty ring")
        (storage! + (start + count - 1) % capacity).pointee = value
    }

    /// Removes every value, keeping the block.
    func removeAll() {
        guard let storage else { return }
        for offset in 0..<count {
            (storage + (start + offset) % capacity).deinitialize(count: 1)
        }
        start = 0
        count = 0
    }

    private func grow() {
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
