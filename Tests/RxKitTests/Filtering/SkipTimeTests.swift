import RxKit
import RxKitTest
import Testing

@Suite struct SkipTimeTests {
    @Test func dropsElementsDuringTheDurationThenEmitsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let res = scheduler.start { xs.skip(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(230, 3), .next(240, 4), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func skipForIsTheSameAsSkipWithScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.skip(for: .seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(230, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func completionDuringTheDurationIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func errorDuringTheDurationIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.skip(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .next(260, 3)])
        let res = scheduler.start(disposed: 250) { xs.skip(.seconds(25), scheduler: scheduler) }
        #expect(res.events == [.next(240, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            _ = scheduler.start { xs.skip(.seconds(20), scheduler: scheduler) }
            _ = scheduler.start { xs.skip(for: .seconds(100), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
