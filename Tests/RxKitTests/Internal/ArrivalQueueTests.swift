@testable import RxKit
import Testing

/// `ArrivalQueue`, the queue of a drain's messages and of the inners waiting for a slot: first in, first
/// out, and empty again once drained.
@Suite struct ArrivalQueueTests {
    @Test func itemsComeOutInTheOrderTheyWentIn() {
        var queue = ArrivalQueue<Int>()
        let startsEmpty = queue.isEmpty
        #expect(startsEmpty)
        for value in 1...3 { queue.append(value) }
        let filled = queue.count
        #expect(filled == 3)
        var out: [Int] = []
        while !queue.isEmpty {
            out.append(queue.removeFirst())
        }
        #expect(out == [1, 2, 3])
        #expect(queue.isEmpty && queue.count == 0)
    }

    @Test func aDrainedQueueTakesNewItemsInOrder() {
        var queue = ArrivalQueue<String>()
        queue.append("a")
        queue.append("b")
        var out = [queue.removeFirst()]
        queue.append("c")
        #expect(queue.count == 2)
        out.append(queue.removeFirst())
        out.append(queue.removeFirst())
        let drained = queue.isEmpty
        queue.append("d")
        out.append(queue.removeFirst())
        let drainedAgain = queue.isEmpty
        #expect(out == ["a", "b", "c", "d"])
        #expect(drained && drainedAgain)
    }

    @Test func removedItemsAreReleasedWhenTheQueueEmpties() {
        final class Item {}
        var queue = ArrivalQueue<Item>()
        weak var removed: Item?
        do {
            let item = Item()
            removed = item
            queue.append(item)
        }
        _ = queue.removeFirst()
        #expect(removed == nil)
    }

    /// A queue that never empties (a drain under sustained contention): the removed items are dropped once
    /// they reach the threshold and as many as remain, so neither the array nor what it keeps alive grows
    /// without bound.
    @Test func aQueueThatNeverEmptiesReleasesWhatItHandedOut() {
        final class Item {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let threshold = ArrivalQueue<Item>.compactionThreshold
        var queue = ArrivalQueue<Item>()
        weak var first: Item?
        do {
            let item = Item(0)
            first = item
            queue.append(item)
        }
        var out: [Int] = []
        var next = 1
        // Keep `threshold` items queued while taking one out and putting one in, 4 × threshold times.
        while next < threshold { queue.append(Item(next)); next += 1 }
        for _ in 0..<(4 * threshold) {
            out.append(queue.removeFirst().value)
            queue.append(Item(next)); next += 1
        }
        #expect(first == nil, "the first item, handed out long ago, is no longer kept")
        #expect(out == Array(0..<(4 * threshold)), "still first in, first out across compactions")
        #expect(queue.count == threshold)
        while !queue.isEmpty { out.append(queue.removeFirst().value) }
        #expect(out == Array(0..<next))
    }
}
