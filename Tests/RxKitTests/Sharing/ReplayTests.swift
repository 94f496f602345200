import RxKit
import RxKitTest
import Testing

@Suite struct ReplayTests {
    @Test func lateSubscribersGetTheLatestBufferedElementsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        let ys = xs.replay(2)
        connect(ys, on: scheduler, at: 200)
        let late = record(ys, on: scheduler, from: 250)
        let afterEnd = record(ys, on: scheduler, from: 400)
        scheduler.start()
        #expect(late.events == [.next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
        #expect(afterEnd.events == [.next(400, 3), .next(400, 4), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func disconnectingUnsubscribesTheSourceButKeepsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3)])
        let ys = xs.replay(1)
        connect(ys, on: scheduler, at: 200, disconnectAt: 240)
        let late = record(ys, on: scheduler, from: 250)
        scheduler.start()
        #expect(late.events == [.next(250, 2)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
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
