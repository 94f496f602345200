import ReactiveBridgePrimitives
import Testing

/// A value whose instances are counted, to check that the ring releases what it holds.
private final class RingProbe {
    nonisolated(unsafe) static var live = 0
    let id: Int
    init(_ id: Int) {
        self.id = id
        RingProbe.live += 1
    }
    deinit { RingProbe.live -= 1 }
}

@Suite("ValueRing", .serialized)
struct ValueRingTests {
    /// A ring made empty (`nil`) or with a first block of the given size.
    private static func makeRing<Value>(capacity: Int?) -> ValueRing<Value> {
        capacity.map { ValueRing(capacity: $0) } ?? ValueRing()
    }

    @Test(arguments: [nil, 1, 3, 8] as [Int?])
    func keepsFirstInFirstOutOrderAcrossWrapAroundAndGrowth(capacity: Int?) {
        let ring: ValueRing<Int> = Self.makeRing(capacity: capacity)
        var expected: [Int] = []
        var next = 0
        // Interleave appends and removals so that the start moves round the block, then grow past it.
        for round in 0..<40 {
            for _ in 0..<(round % 5 + 1) {
                ring.append(next)
                expected.append(next)
                next += 1
            }
            for _ in 0..<(round % 3) where !expected.isEmpty {
                #expect(ring.removeFirst() == expected.removeFirst())
            }
            #expect(ring.count == expected.count)
            var seen: [Int] = []
            ring.forEach { seen.append($0) }
            #expect(seen == expected)
        }
        while !expected.isEmpty { #expect(ring.removeFirst() == expected.removeFirst()) }
        #expect(ring.isEmpty)
    }

    @Test func replaceLastReplacesOnlyTheNewestValue() {
        let ring = ValueRing<Int>()
        for value in 1...3 { ring.append(value) }
        ring.replaceLast(with: 30)
        var seen: [Int] = []
        ring.forEach { seen.append($0) }
        #expect(seen == [1, 2, 30])
    }

    @Test(arguments: [nil, 1, 20] as [Int?])
    func removeAllAndDeinitReleaseTheValuesHeld(capacity: Int?) {
        let before = RingProbe.live
        do {
            let ring: ValueRing<RingProbe> = Self.makeRing(capacity: capacity)
            for id in 0..<20 { ring.append(RingProbe(id)) }
            _ = ring.removeFirst()  // start moved: the values are not at the block's beginning
            #expect(RingProbe.live == before + 19)
            ring.removeAll()
            #expect(RingProbe.live == before)
            #expect(ring.isEmpty)
            for id in 0..<5 { ring.append(RingProbe(id)) }  // the kept block is reused
            #expect(RingProbe.live == before + 5)
        }
        #expect(RingProbe.live == before)  // the ring went away with five values in it
    }

    @Test func aRingMadeWithCapacityHoldsNothingUntilAppendedTo() {
        let before = RingProbe.live
        do {
            let ring = ValueRing<RingProbe>(capacity: 4)
            #expect(ring.isEmpty)
            var seen = 0
            ring.forEach { _ in seen += 1 }
            #expect(seen == 0)
        }
        #expect(RingProbe.live == before)  // an allocated but empty block deinitialises nothing
    }
}
