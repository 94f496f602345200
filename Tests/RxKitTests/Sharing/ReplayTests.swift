import RxKit
import RxKitTest
import Testing

@Suite struct ReplayTests {
    // RxSwift: `replay(_:)` is `multicast { ReplaySubject.create(bufferSize:) }`, a subject (and buffer) per
    // connection, cleared when the connection terminates (MulticastTests, testReplayCount_Complete).
    @Test func lateSubscribersGetTheLatestBufferedElementsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        let ys = xs.replay(2)
        connect(ys, on: scheduler, at: 200)
        let late = record(ys, on: scheduler, from: 250)
        let afterEnd = record(ys, on: scheduler, from: 400)
        scheduler.start()
        #expect(late.events == [.next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
        #expect(afterEnd.events == [], "a subscriber after the end got the ended connection's buffer")
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // RxSwift (MulticastTests, testReplayCount_Basic): disconnecting drops the connection's subject and
    // buffer; the subscriber of the first connection sees nothing of the second, and a subscriber after the
    // disconnection gets no replay.
    @Test func disconnectingDropsTheBufferAndTheNextConnectionStartsAfresh() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .next(320, 4)])
        let ys = xs.replay(1)
        let during = record(ys, on: scheduler, from: 215)
        connect(ys, on: scheduler, at: 200, disconnectAt: 240)
        let late = record(ys, on: scheduler, from: 250)
        connect(ys, on: scheduler, at: 300)
        scheduler.start()
        #expect(during.events == [.next(215, 1), .next(220, 2)])
        #expect(late.events == [.next(320, 4)])
        #expect(xs.subscriptions == [Subscription(200, 240), Subscription(300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = xs.replay(1)
            let zs = xs.replayAll()
            connect(ys, on: scheduler, at: 200)
            connect(zs, on: scheduler, at: 200, disconnectAt: 220)
            _ = record(ys, on: scheduler, from: 250)
            _ = record(zs, on: scheduler, from: 250, to: 260)
            scheduler.start()
        }
        #expect(delta == 0)
    }
}
