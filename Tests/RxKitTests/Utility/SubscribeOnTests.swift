import RxKit
import RxKitTest
import Testing

/// The deprecated alias is called from a deprecated witness (no warning inside a deprecated context)
/// behind a non-deprecated protocol requirement, so the test calls it without a warning either.
fileprivate protocol SubscribeOnDeprecatedAliases {
    func subscribeOn(_ source: TestableObservable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int>
}

fileprivate struct SubscribeOnDeprecatedCalls: SubscribeOnDeprecatedAliases {
    @available(*, deprecated)
    func subscribeOn(_ source: TestableObservable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int> {
        source.subscribeOn(scheduler)
    }
}

// Timelines as in RxSwift's own subscribe(on:) tests: subscribing and disposing each take a hop on the
// scheduler (TestScheduler runs "now" work one tick later).
@Suite struct SubscribeOnTests {
    @Test func subscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt = 0
        var disposedAt = 0
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(subscribedAt == 201)
        #expect(disposedAt == 1001)
    }

    @Test func elementsPassThroughWhereTheSourceSendsThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }

    @Test func completionIsForwardedAndTheSourceDisposedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func errorIsForwardedAndTheSourceDisposedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(300, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func disposalBeforeTheScheduledSubscriptionMeansNoSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [])
    }

    @Test func deprecatedSubscribeOnIsSubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start { (SubscribeOnDeprecatedCalls() as any SubscribeOnDeprecatedAliases).subscribeOn(xs, scheduler) }
        #expect(res.events == [.next(210, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.subscribe(on: scheduler) }
            _ = scheduler.start(disposed: 205) { xs.subscribe(on: scheduler) }
            _ = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        }
        #expect(delta == 0)
    }
}
