import RxKit
import RxKitTest
import Testing

/// Calls the deprecated alias from a deprecated context (no warning) behind a non-deprecated protocol
/// requirement, so the test can call it without a warning either.
fileprivate protocol TakeTimeDeprecatedAliases {
    func take(_ source: Observable<Int>, _ duration: RxTimeInterval, _ scheduler: SchedulerType) -> Observable<Int>
}

fileprivate struct TakeTimeDeprecatedCalls: TakeTimeDeprecatedAliases {
    @available(*, deprecated)
    func take(_ source: Observable<Int>, _ duration: RxTimeInterval, _ scheduler: SchedulerType) -> Observable<Int> {
        source.take(duration, scheduler: scheduler)
    }
}

@Suite struct TakeTimeTests {
    @Test func emitsForTheDurationThenCompletesAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(240, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(240, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func sourceCompletingFirstCompletesEarly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func forwardsUpstreamErrorWithinTheDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalBeforeTheDurationUnsubscribesAndCancelsTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 230) { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func deprecatedTakeWithSchedulerBehavesLikeTakeFor() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start {
            (TakeTimeDeprecatedCalls() as any TakeTimeDeprecatedAliases).take(xs.asObservable(), .seconds(30), scheduler)
        }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            _ = scheduler.start { xs.take(for: .seconds(20), scheduler: scheduler) }
            _ = scheduler.start { xs.take(for: .seconds(100), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
