import ReactiveBridgePrimitives
import Testing

/// A subscriber, known by its id.
private final class ListProbe {
    let id: Int
    init(_ id: Int) { self.id = id }
}

@Suite("SubscriberList")
struct SubscriberListTests {
    /// A list holding probes 1...count under keys 1...count.
    private static func filled(_ count: Int) -> (SubscriberList, [ListProbe]) {
        var list = SubscriberList()
        let probes = (1...count).map { ListProbe($0) }
        for probe in probes { list.append(probe, key: UInt64(probe.id)) }
        return (list, probes)
    }

    /// The ids of what a delivery over `snapshot` reaches, in order.
    private static func delivered(_ snapshot: [SubscriberList.Slot]) -> [Int] {
        var ids: [Int] = []
        SubscriberList.forEachSubscriber(in: snapshot) { ids.append(($0.takeUnretainedValue() as! ListProbe).id) }
        return ids
    }

    @Test func deliversInSubscriptionOrder() {
        let (list, probes) = Self.filled(7)
        #expect(Self.delivered(list.slots) == [1, 2, 3, 4, 5, 6, 7])
        #expect(list.count == 7)
        withExtendedLifetime(probes) {}
    }

    @Test(arguments: [1, 4, 8])
    func removalAtFrontMiddleOrBackKeepsTheOthersInOrder(_ key: Int) {
        var (list, probes) = Self.filled(8)
        let removed = list.remove(key: UInt64(key))
        #expect((removed as? ListProbe)?.id == key)
        #expect(Self.delivered(list.slots) == (1...8).filter { $0 != key })
        #expect(list.count == 7)
        #expect(list.remove(key: UInt64(key)) == nil, "a second removal finds nothing")
        withExtendedLifetime(probes) {}
    }

    @Test func removalOfAnUnknownKeyChangesNothing() {
        var (list, probes) = Self.filled(3)
        #expect(list.remove(key: 99) == nil)
        #expect(list.remove(key: 0) == nil)
        #expect(Self.delivered(list.slots) == [1, 2, 3])
        withExtendedLifetime(probes) {}
    }

    @Test func removingTheLastDropsTheVacanciesBeforeIt() {
        var (list, probes) = Self.filled(6)
        _ = list.remove(key: 4)
        _ = list.remove(key: 5)
        _ = list.remove(key: 6)
        #expect(list.slots.map(\.key) == [1, 2, 3])
        #expect(list.slots.capacity >= 6, "trimming the end moves nothing: the storage stays")
        withExtendedLifetime(probes) {}
    }

    @Test func keepsNoReferenceToARemovedSubscriber() {
        var list = SubscriberList()
        weak var removed: ListProbe?
        weak var cleared: ListProbe?
        let kept = ListProbe(1)
        do {
            let second = ListProbe(2)
            let third = ListProbe(3)
            removed = second
            cleared = third
            list.append(kept, key: 1)
            list.append(second, key: 2)
            list.append(third, key: 3)
            _ = list.remove(key: 2)
        }
        #expect(removed == nil, "a vacancy keeps no reference")
        #expect(cleared != nil)
        _ = list.removeAll()
        #expect(cleared == nil)
        #expect(list.isEmpty)
        withExtendedLifetime(kept) {}
    }

    @Test func aSnapshotTakenBeforeARemovalStillReachesTheRemovedSubscriber() {
        // A delivery works on the list as it was when its message was sent: removal during delivery.
        var (list, probes) = Self.filled(4)
        let snapshot = list.slots
        var reached: [Int] = []
        SubscriberList.forEachSubscriber(in: snapshot) { subscriber in
            let id = (subscriber.takeUnretainedValue() as! ListProbe).id
            reached.append(id)
            if id == 2 {
                _ = list.remove(key: 3)  // an observer disposing another one from inside delivery
                _ = list.remove(key: 1)
            }
        }
        #expect(reached == [1, 2, 3, 4])
        #expect(Self.delivered(list.slots) == [2, 4])
        withExtendedLifetime(probes) {}
    }

    @Test func aSubscriberAddedDuringDeliveryIsReachedByTheNextOneOnly() {
        // A re-entrant subscribe: the snapshot being delivered does not grow.
        var (list, probes) = Self.filled(2)
        let late = ListProbe(3)
        var reached: [Int] = []
        SubscriberList.forEachSubscriber(in: list.slots) { subscriber in
            let id = (subscriber.takeUnretainedValue() as! ListProbe).id
            reached.append(id)
            if id == 1 { list.append(late, key: 3) }
        }
        #expect(reached == [1, 2])
        #expect(Self.delivered(list.slots) == [1, 2, 3])
        withExtendedLifetime((probes, late)) {}
    }

    @Test func compactsOnceVacanciesOutnumberSubscribers() {
        var (list, probes) = Self.filled(8)
        let full = list.slots
        for key in 1...4 { _ = list.remove(key: UInt64(key)) }
        #expect(list.slots.count == 8, "half vacant: not compacted yet")
        #expect(SubscriberList.movedSubscribers(from: full, to: list.slots) == 0)
        let halfVacant = list.slots
        _ = list.remove(key: 5)
        #expect(list.slots.map(\.key) == [6, 7, 8], "compacted, order kept")
        #expect(SubscriberList.movedSubscribers(from: halfVacant, to: list.slots) == 3)
        #expect(list.slots.capacity < 8, "the compacted storage is sized to the subscribers")
        // Keys still find their subscribers after a compaction.
        #expect((list.remove(key: 7) as? ListProbe)?.id == 7)
        #expect(Self.delivered(list.slots) == [6, 8])
        withExtendedLifetime(probes) {}
    }

    @Test(arguments: ["front", "back", "alternating", "middle-out"])
    func tearingDownInAnyOrderMovesAtMostOneSubscriberPerRemoval(_ order: String) {
        // Closing each gap as it opens would move n²/4 subscribers on average here; compaction moves at
        // most one per removal.
        let n = 1_000
        var (list, probes) = Self.filled(n)
        let keys = Array(1...n)
        let sequence: [Int] = switch order {
        case "front": keys
        case "back": keys.reversed()
        case "alternating": keys.filter { $0 % 2 == 0 } + keys.filter { $0 % 2 == 1 }
        default: (0..<n).map { step in n / 2 + (step % 2 == 0 ? step / 2 : -(step / 2 + 1)) + 1 }
        }
        #expect(Set(sequence).count == n)
        var remaining = n
        var moved = 0
        for key in sequence {
            let before = list.slots
            #expect(list.remove(key: UInt64(key)) != nil)
            moved += SubscriberList.movedSubscribers(from: before, to: list.slots)
            remaining -= 1
            if remaining % 97 == 0 {
                #expect(list.count == remaining)
                #expect(list.slots.count <= 2 * remaining + 1, "vacancies stay bounded by the subscribers")
            }
        }
        #expect(list.isEmpty)
        #expect(moved <= n)
        withExtendedLifetime(probes) {}
    }

    @Test func movedSubscribersCountsOnlySubscribersWhoseIndexChanged() {
        let a = ListProbe(1), b = ListProbe(2), c = ListProbe(3)
        let before = [SubscriberList.Slot(key: 1, subscriber: a), .init(key: 2, subscriber: b), .init(key: 3, subscriber: c)]
        let shifted = [SubscriberList.Slot(key: 2, subscriber: b), .init(key: 3, subscriber: c)]
        let vacated = [SubscriberList.Slot(key: 1, subscriber: nil), .init(key: 2, subscriber: b), .init(key: 3, subscriber: c)]
        #expect(SubscriberList.movedSubscribers(from: before, to: shifted) == 2)
        #expect(SubscriberList.movedSubscribers(from: before, to: vacated) == 0)
        #expect(SubscriberList.movedSubscribers(from: before, to: before) == 0)
    }

    @Test func keyedIterationGivesEachSubscriberWithItsKeySkippingVacancies() {
        var list = SubscriberList()
        let probes = (0..<4).map(ListProbe.init)
        for (index, probe) in probes.enumerated() { list.append(probe, key: UInt64(10 + index)) }
        _ = list.remove(key: 11)
        var seen: [String] = []
        SubscriberList.forEachKeyedSubscriber(in: list.slots) { key, subscriber in
            seen.append("\(key):\((subscriber.takeUnretainedValue() as! ListProbe).id)")
        }
        #expect(seen == ["10:0", "12:2", "13:3"])
        withExtendedLifetime(probes) {}
    }

    @Test func firstAndSubscribersSkipVacancies() {
        var (list, probes) = Self.filled(5)
        _ = list.remove(key: 1)
        _ = list.remove(key: 3)
        #expect(list.first?.key == 2)
        #expect((list.first?.subscriber as? ListProbe)?.id == 2)
        #expect(list.subscribers.map { ($0 as! ListProbe).id } == [2, 4, 5])
        withExtendedLifetime(probes) {}
    }
}
