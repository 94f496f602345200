import RxKit
import RxKitTest
import Testing

/// Timelines follow RxSwift's Throttle.swift: the first element goes at once; with `latest: true` the
/// last element of a window goes when the window (measured from the last emission) ends.
@Suite struct ThrottleTests {
    @Test func latestEmitsTheFirstAtOnceThenTheLatestAtEachWindowEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, -1), .next(210, 1), .next(215, 2), .next(225, 3), .next(240, 4), .next(300, 5), .completed(400),
        ])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        // 1 at once; 2 and 3 fall in the window [210, 230): 3 goes at 230, which opens [230, 250): 4 goes
        // at 250; 5 arrives after that window, so it goes at once.
        #expect(res.events == [.next(210, 1), .next(230, 3), .next(250, 4), .next(300, 5), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func latestDefersCompletionUntilThePendingElementIsSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(225)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: true, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(230)])
        // The source's own completion ends its subscription at 225 (`asObservable()` is `create`, which
        // disposes on a terminal event, as in RxSwift); the deferred completion is throttle's alone.
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func latestCompletesAtOnceWithNothingPending() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func elementArrivingExactlyAtTheWindowEndIsSentAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
    }

    @Test func notLatestDropsElementsInsideTheWindow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(225, 3), .next(235, 4), .next(240, 5), .completed(300)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(235, 4), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func notLatestCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(225)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func errorDropsThePendingElementAndEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(225, testError)])
        let res = scheduler.start { xs.throttle(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(225, testError)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    @Test func notLatestForwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(215, testError)])
        let res = scheduler.start { xs.throttle(.seconds(20), latest: false, scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(215, testError)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func disposalDropsThePendingElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(260, 3)])
        let res = scheduler.start(disposed: 220) { xs.throttle(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .next(50, 3), .completed(55)])
            _ = scheduler.start { xs.throttle(.seconds(10), scheduler: scheduler) }
            _ = scheduler.start { xs.throttle(.seconds(10), latest: false, scheduler: scheduler) }
            _ = scheduler.start(disposed: 216) { xs.throttle(.seconds(10), scheduler: scheduler) }
            let ys = scheduler.createColdObservable([.next(10, 1), .next(12, 2), .error(15, testError)])
            _ = scheduler.start { ys.throttle(.seconds(10), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
