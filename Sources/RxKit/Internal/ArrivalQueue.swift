/// Items in arrival order, first in, first out: the messages other threads queue for a drain
/// (`SerialDrain`, `DrainState`), the inners waiting for a slot in `merge(maxConcurrent:)`/`concatMap`.
/// `count` mirrors `items.count - head`, so the paths that find the queue empty never touch the array.
/// Removing moves a head index instead of shifting the array; the array is emptied, keeping its
/// capacity, when the last item goes, and the removed items are dropped from its front once they are at
/// least `compactionThreshold` and as many as the items still queued. So a queue that never empties (a
/// drain under sustained contention) neither grows without bound nor keeps many removed items alive, and
/// each item is moved at most once per removal, amortised.
struct ArrivalQueue<Item> {
    /// Removed items kept (at most) before they are dropped from the array's front, while the queue is
    /// not empty.
    static var compactionThreshold: Int { 16 }

    private var items: [Item] = Array()  // not `[]`: see `FlatMapProducer.init`
    private var head = 0
    private(set) var count = 0

    @inline(__always)
    var isEmpty: Bool { count == 0 }

    @inline(never)
    mutating func append(_ item: Item) {
        items.append(item)
        count += 1
    }

    /// The oldest item, removed; the queue must not be empty.
    @inline(never)
    mutating func removeFirst() -> Item {
        precondition(count > 0, "ArrivalQueue.removeFirst() on an empty queue")
        let next = items[head]
        head += 1
        count -= 1
        if count == 0 {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= Self.compactionThreshold && head >= count {
            items.removeSubrange(0..<head)
            head = 0
        }
        return next
    }
}
