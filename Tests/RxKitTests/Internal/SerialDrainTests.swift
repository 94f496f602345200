@testable import RxKit
import Testing

/// `DrainState`: one drainer at a time; what others submit meanwhile is queued for it, in order, and the
/// drain ends only once the queue is empty.
@Suite struct DrainStateTests {
    final class Message {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func aSecondCallerIsQueuedForTheDrainerWhichTakesItsMessagesInOrder() {
        var state = DrainState()
        let began = state.begin()
        let secondBegan = state.begin()
        let queuedFirst = !state.beginOrQueue({ Message(1) })
        let queuedSecond = !state.beginOrQueue({ Message(2) })
        #expect(began && !secondBegan && queuedFirst && queuedSecond)
        let first = state.next() as? Message
        let beganWhileQueued = state.begin()
        let second = state.next() as? Message
        let third = state.next()
        #expect(first?.value == 1 && second?.value == 2 && third == nil)
        #expect(!beganWhileQueued, "the drain goes on while messages are queued")
        let beganAfterEnd = state.beginOrQueue({ Message(3) })
        let afterEnd = state.next()
        #expect(beganAfterEnd, "the drain ended: the next caller drains")
        #expect(afterEnd == nil)
    }

    @Test func aDrainerMakesNoMessageForItself() {
        var state = DrainState()
        var made = 0
        let began = state.beginOrQueue({ made += 1; return Message(0) })
        let next = state.next()
        #expect(began && made == 0 && next == nil)
    }
}
