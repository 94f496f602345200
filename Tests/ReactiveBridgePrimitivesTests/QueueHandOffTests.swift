import Dispatch
import Foundation
import ReactiveBridgePrimitives
import Testing

/// Records what its hand-off gives it, and counts its live instances.
private final class HandOffProbe: QueueHandOffReceiver, @unchecked Sendable {
    nonisolated(unsafe) static var live = 0
    /// Every value any probe received (written on the queue; read after it is flushed).
    nonisolated(unsafe) static var allReceived: [Int] = []
    /// Written on the queue only; read after the queue is flushed.
    var log: [String] = []
    var handOff: QueueHandOff<HandOffProbe>?

    init() {
        HandOffProbe.live += 1
        handOff = QueueHandOff(receiver: self)
    }

    deinit { HandOffProbe.live -= 1 }

    @usableFromInline
    func receiveHandedOff(_ value: Int) {
        log.append("value \(value)")
        HandOffProbe.allReceived.append(value)
    }
}

@Suite("QueueHandOff", .serialized)
struct QueueHandOffTests {
    @Test func eachValueKeepsItsPlaceAmongOtherWorkOnTheQueue() {
        let queue = DispatchQueue(label: "queue-hand-off-order")
        let probe = HandOffProbe()
        queue.suspend()
        for value in 0..<3 {
            queue.asyncUnchecked(probe.handOff!.item(for: value))
            queue.async { probe.log.append("work \(value)") }
        }
        queue.resume()
        queue.sync {}
        #expect(probe.log == ["value 0", "work 0", "value 1", "work 1", "value 2", "work 2"])
    }

    /// Through `item(for:)` (the caller schedules the item) or `send(_:to:)` (the hand-off does).
    @Test(arguments: [false, true])
    func aWaitingItemKeepsTheReceiverAliveUntilItHasRun(sent: Bool) {
        let queue = DispatchQueue(label: "queue-hand-off-lifetime")
        let live = HandOffProbe.live
        HandOffProbe.allReceived = []
        queue.suspend()
        do {
            let probe = HandOffProbe()
            for value in [1, 2] {
                if sent {
                    probe.handOff!.send(value, to: queue)
                } else {
                    queue.asyncUnchecked(probe.handOff!.item(for: value))
                }
            }
        }
        #expect(HandOffProbe.live == live + 1)
        queue.resume()
        queue.sync {}
        #expect(HandOffProbe.allReceived == [1, 2])
        #expect(HandOffProbe.live == live)
    }

    @Test func sentValuesKeepEachSendersOrderAmongItsOtherWork() {
        let queue = DispatchQueue(label: "queue-hand-off-senders")
        let probe = HandOffProbe()
        let senders = 4
        let perSender = 1_000
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for step in 0..<perSender {
                probe.handOff!.send(sender * 10_000 + step, to: queue)
                queue.async { probe.log.append("work \(sender * 10_000 + step)") }
            }
        }
        queue.sync {}
        for sender in 0..<senders {
            let own = probe.log.filter { Int($0.split(separator: " ")[1])! / 10_000 == sender }
            let expected = (0..<perSender).flatMap { ["value \(sender * 10_000 + $0)", "work \(sender * 10_000 + $0)"] }
            #expect(own == expected)
        }
    }

    /// A backlog of several thousand values while the queue lags (the ring they wait in grows many times
    /// over) comes out whole, in order, and released.
    @Test func aLongBacklogComesOutInOrderAndIsReleased() {
        let queue = DispatchQueue(label: "queue-hand-off-backlog")
        let receiver = TokenReceiver()
        let before = Token.live
        queue.suspend()
        for value in 0..<5_000 {
            queue.asyncUnchecked(receiver.handOff!.item(for: Token(value)))
        }
        #expect(Token.live == before + 5_000)
        queue.resume()
        queue.sync {}
        #expect(receiver.received == Array(0..<5_000))
        #expect(Token.live == before)
    }

    /// A sender on another thread while the queue takes, the backlog emptying and refilling many times:
    /// every value arrives once, in order, and is released.
    @Test func aSenderRacingTheQueueLosesAndRepeatsNothing() {
        let queue = DispatchQueue(label: "queue-hand-off-race")
        let receiver = TokenReceiver()
        let before = Token.live
        let count = 100_000
        let sent = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for value in 0..<count {
                queue.asyncUnchecked(receiver.handOff!.item(for: Token(value)))
                // Now and then the sender waits for the queue to catch up, so the backlog empties and
                // refills.
                if value % 3_000 == 2_999 { queue.sync {} }
            }
            sent.signal()
        }
        sent.wait()
        queue.sync {}
        #expect(receiver.received.count == count)
        #expect(receiver.received == Array(0..<count))
        #expect(Token.live == before)
    }
}

/// A value with a count of live instances, to see that the hand-off releases what it held.
private final class Token: @unchecked Sendable {
    nonisolated(unsafe) static var live = 0
    private static let counter = NSLock()
    let value: Int

    init(_ value: Int) {
        self.value = value
        Token.counter.lock()
        Token.live += 1
        Token.counter.unlock()
    }

    deinit {
        Token.counter.lock()
        Token.live -= 1
        Token.counter.unlock()
    }
}

/// Records the tokens its hand-off gives it (on the queue; read after the queue is flushed).
private final class TokenReceiver: QueueHandOffReceiver, @unchecked Sendable {
    var received: [Int] = []
    var handOff: QueueHandOff<TokenReceiver>?

    init() {
        handOff = QueueHandOff(receiver: self)
    }

    @usableFromInline
    func receiveHandedOff(_ token: Token) {
        received.append(token.value)
    }
}
