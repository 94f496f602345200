import RxKit
import RxKitTest
import Testing

// replayAll is replay with an unbounded buffer; its tests belong to the ReplayTests suite.
extension ReplayTests {
    @Test func replayAllGivesLateSubscribersEveryElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .error(300, testError)])
        let ys = xs.replayAll()
        connect(ys, on: scheduler, at: 200)
        let late = record(ys, on: scheduler, from: 250)
        scheduler.start()
        #expect(late.events == [.next(250, 1), .next(250, 2), .next(250, 3), .next(260, 4), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}
