import RxKit
import RxKitTest
import Testing

@Suite struct DelaySubscriptionTests {
    @Test func subscribesAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test func errorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .error(60, testError)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .error(290, testError)])
        #expect(xs.subscriptions == [Subscription(230, 290)])
    }

    @Test func disposalBeforeTheDueTimeMeansNoSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
        let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [])
    }

    @Test func disposalAfterSubscribingUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
        let res = scheduler.start(disposed: 285) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42)])
        #expect(xs.subscriptions == [Subscription(230, 285)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            _ = scheduler.start(disposed: 210) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            _ = scheduler.start(disposed: 235) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
