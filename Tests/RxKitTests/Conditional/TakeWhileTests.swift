import RxKit
import RxKitTest
import Testing

/// Calls the deprecated aliases from a deprecated context (no warning) behind non-deprecated protocol
/// requirements, so the tests can call them without a warning either.
fileprivate protocol TakeWhileDeprecatedAliases {
    func takeWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int>
    func takeUntil(_ source: Observable<Int>, _ behavior: TakeBehavior, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int>
}

fileprivate struct TakeWhileDeprecatedCalls: TakeWhileDeprecatedAliases {
    @available(*, deprecated)
    func takeWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int> {
        source.takeWhile(predicate)
    }

    @available(*, deprecated)
    func takeUntil(_ source: Observable<Int>, _ behavior: TakeBehavior, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int> {
        source.takeUntil(behavior, predicate: predicate)
    }
}

@Suite struct TakeWhileTests {
    private var deprecated: any TakeWhileDeprecatedAliases { TakeWhileDeprecatedCalls() }

    @Test func takeWhileEmitsWhileThePredicateHoldsThenCompletesAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.take(while: { $0 < 5 }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeWhileInclusiveAlsoEmitsTheFirstFailingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.take(while: { $0 < 5 }, behavior: .inclusive) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 5), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeWhileCompletesWithTheSourceIfThePredicateAlwaysHolds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.take(while: { _ in true }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func takeUntilPredicateStopsAtTheFirstMatchExclusiveByDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.take(until: { $0 >= 5 }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func takeUntilPredicateInclusiveAlsoEmitsTheMatch() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 6), .completed(300)])
        let res = scheduler.start { xs.take(until: { $0 >= 5 }, behavior: .inclusive) }
        #expect(res.events == [.next(210, 1), .next(220, 5), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func predicateErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.take(while: { value in if value == 2 { throw testError }; return true }) }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res2 = scheduler2.start {
            ys.take(until: { value in if value == 1 { throw otherError }; return false }, behavior: .inclusive)
        }
        #expect(res2.events == [.error(210, otherError)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
    }

    @Test func forwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.take(until: { $0 > 5 }) }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.take(while: { _ in true }) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func deprecatedTakeWhileBehavesLikeTakeWhileExclusive() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .completed(300)])
        let res = scheduler.start { deprecated.takeWhile(xs.asObservable(), { $0 < 5 }) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func deprecatedTakeUntilBehaviorPredicateBehavesLikeTakeUntilBehavior() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .completed(300)])
        let res = scheduler.start { deprecated.takeUntil(xs.asObservable(), .inclusive, { $0 >= 5 }) }
        #expect(res.events == [.next(210, 1), .next(220, 5), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 6), .completed(30)])
            _ = scheduler.start { xs.take(while: { $0 < 5 }) }
            _ = scheduler.start { xs.take(until: { $0 > 5 }, behavior: .inclusive) }
            _ = scheduler.start { xs.take(while: { _ in throw testError }) }
        }
        #expect(delta == 0)
    }
}
