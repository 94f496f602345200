@testable import CombineKit
import ReactiveBridgePrimitives
import Testing

/// A subject's subscriber list: conduits in subscription order (Combine's subjects offer each value to their
/// subscribers in the order they subscribed: OpenCombine's ConduitList and PassthroughSubjectTests), and
/// leaving without shifting the conduits after, so cancelling many subscriptions is not quadratic. Checked
/// through the list's count of moved conduits, not time.
@Suite struct SubjectConduitListTests {
    private final class Member {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    /// The ids of the members a value would be offered to now, in order.
    private static func order(_ list: SubjectConduitList) -> [Int] {
        if let single = list.single { return [(single as! Member).id] }
        return list.many.subscribers.map { ($0 as! Member).id }
    }

    @Test func keepsSubscriptionOrderAsMembersLeaveAndJoin() {
        var list = SubjectConduitList()
        let members = (0..<6).map(Member.init)
        let keys = members.map { list.append($0) }
        list.remove(key: keys[0])
        list.remove(key: keys[3])
        #expect(Self.order(list) == [1, 2, 4, 5])
        let late = Member(6)
        _ = list.append(late)
        #expect(Self.order(list) == [1, 2, 4, 5, 6])
        for key in [keys[1], keys[2], keys[4]] { list.remove(key: key) }
        #expect(list.single == nil, "two left: still a list")
        list.remove(key: keys[5])
        #expect((list.single as? Member)?.id == 6, "the last one left is kept on its own")
        #expect(list.many.isEmpty)
        // Its key still removes it after it moved out of the list.
        list.remove(key: keys[5])
        #expect(list.single != nil, "a key removes only its own member, once")
        withExtendedLifetime((members, late)) {}
    }

    // Node entries (RxKit's observers of a bridged PassthroughSubject) share the list with the conduits, in
    // subscription order, told apart by their keys.
    @Test func nodeEntriesAreCountedAndToldApartByTheirKeys() {
        var list = SubjectConduitList()
        let node = Member(0)
        let nodeKey = list.appendNode(node)
        #expect(SubjectConduitList.isNodeKey(nodeKey))
        #expect(list.nodeCount == 1)
        #expect(list.soleNode?.takeUnretainedValue() === node && list.sole == nil, "a sole node entry is no conduit")
        let conduit = Member(1)
        let conduitKey = list.append(conduit)
        #expect(!SubjectConduitList.isNodeKey(conduitKey) && conduitKey > nodeKey)
        #expect(list.soleNode == nil && list.sole == nil)
        #expect(Self.order(list) == [0, 1])
        #expect(list.remove(key: nodeKey) === node)
        #expect(list.nodeCount == 0)
        #expect(list.sole?.takeUnretainedValue() === conduit && list.soleNode == nil)
        #expect(list.remove(key: nodeKey) == nil, "a key removes only its own member, once")
        _ = list.appendNode(Member(2))
        _ = list.removeAll()
        #expect(list.nodeCount == 0 && list.single == nil && list.soleNode == nil)
        withExtendedLifetime((node, conduit)) {}
    }

    @Test func theSoleMemberKeepsItsKeyWhenOthersJoin() {
        var list = SubjectConduitList()
        let first = Member(0)
        let firstKey = list.append(first)
        let second = Member(1)
        let secondKey = list.append(second)
        list.remove(key: firstKey)
        #expect((list.single as? Member)?.id == 1)
        let third = Member(2)
        _ = list.append(third)
        list.remove(key: secondKey)
        #expect((list.single as? Member)?.id == 2)
        withExtendedLifetime((first, second, third)) {}
    }

    @Test(arguments: ["subscription order", "reverse order"])
    func cancellingManySubscriptionsMovesEachConduitAtMostOnce(_ order: String) {
        // Closing each gap as it opens would move ~n²/2 conduits when cancelling in subscription order.
        let n = 1_000
        var list = SubjectConduitList()
        let members = (0..<n).map(Member.init)
        let keys = members.map { list.append($0) }
        let sequence = order == "reverse order" ? Array(keys.reversed()) : keys
        // All but two leave: the list is still a list (one member left would be kept on its own).
        var moved = 0
        for key in sequence.dropLast(2) {
            let before = list.many.slots
            list.remove(key: key)
            moved += SubscriberList.movedSubscribers(from: before, to: list.many.slots)
        }
        #expect(list.many.count == 2)
        #expect(moved <= n)
        withExtendedLifetime(members) {}
    }
}
