import RxKit
import RxKitTest
import Testing

@Suite struct TimeoutTests {
    @Test func elementsArrivingInTimePassThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 2), .next(255, 3), .completed(280)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(255, 3), .completed(280)])
        #expect(xs.subscriptions == [Subscription(200, 280)])
    }

    @Test func failsWithTimeoutWhenTheFirstElementIsLate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(240, 1), .completed(250)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.error(230, RxError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func eachElementRestartsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(235, 2), .next(270, 3)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(235, 2), .error(265, RxError.timeout)])
        #expect(xs.subscriptions == [Subscription(200, 265)])
    }

    @Test func upstreamErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribesAndCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 225) { xs.timeout(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func switchesToOtherOnTimeout() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let ys = scheduler.createColdObservable([.next(10, 100), .next(20, 101), .completed(30)])
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(250, 100), .next(260, 101), .completed(270)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(240, 270)])
    }

    @Test func otherIsNeverSubscribedWhenTheSourceKeepsUp() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let ys = scheduler.createColdObservable([.next(10, 100), .completed(30)])
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [])
    }

    @Test func upstreamErrorBeforeTheTimeoutIsForwardedWithoutSwitching() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(225, testError)])
        let ys = scheduler.createColdObservable([.next(10, 100), .completed(30)])
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(225, testError)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys.subscriptions == [])
    }

    @Test func otherErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(260, 2)])
        let ys = scheduler.createColdObservable([.error(5, otherError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        #expect(res.events == [.error(235, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 235)])
    }

    @Test func disposalAfterSwitchingUnsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(300, 2)])
        let ys = scheduler.createColdObservable([.next(10, 100), .next(50, 101)])
        let res = scheduler.start(disposed: 260) { xs.timeout(.seconds(30), other: ys, scheduler: scheduler) }
        #expect(res.events == [.next(240, 100)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 260)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
            let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
            _ = scheduler.start { xs.timeout(.seconds(100), scheduler: scheduler) }
            _ = scheduler.start { xs.timeout(.seconds(20), scheduler: scheduler) }
            _ = scheduler.start { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }
            _ = scheduler.start(disposed: 205) { xs.timeout(.seconds(20), other: ys, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
