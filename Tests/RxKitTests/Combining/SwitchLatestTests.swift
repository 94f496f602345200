import RxKit
import RxKitTest
import Testing

@Suite struct SwitchLatestTests {
    @Test func switchLatestSwitchesToEachNewInnerAndCompletesAfterTheLast() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createHotObservable([.next(215, 1), .next(235, 2), .completed(300)])
        let ys2 = scheduler.createHotObservable([.next(225, 9), .next(245, 3), .completed(260)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(240, ys2), .completed(250)])
        let res = scheduler.start { xs.switchLatest() }
        // ys2's 225 element comes before it is subscribed.
        #expect(res.events == [.next(215, 1), .next(235, 2), .next(245, 3), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(240, 260)])
    }

    @Test func switchLatestErrorsAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createHotObservable([.next(215, 1), .error(220, testError)])
        let xs = scheduler.createHotObservable([.next(210, ys), .completed(400)])
        let res = scheduler.start { xs.switchLatest() }
        #expect(res.events == [.next(215, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(210, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let zs = scheduler2.createHotObservable([.next(215, 1), .next(300, 2)])
        let ws = scheduler2.createHotObservable([.next(210, zs), .error(500, testError)])
        let res2 = scheduler2.start(disposed: 250) { ws.switchLatest() }
        #expect(res2.events == [.next(215, 1)])
        #expect(ws.subscriptions == [Subscription(200, 250)])
        #expect(zs.subscriptions == [Subscription(210, 250)])
    }
}
