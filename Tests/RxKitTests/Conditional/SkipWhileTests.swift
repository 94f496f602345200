import RxKit
import RxKitTest
import Testing

/// Calls the deprecated alias from a deprecated context (no warning) behind a non-deprecated protocol
/// requirement, so the test can call it without a warning either.
fileprivate protocol SkipWhileDeprecatedAliases {
    func skipWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int>
}

fileprivate struct SkipWhileDeprecatedCalls: SkipWhileDeprecatedAliases {
    @available(*, deprecated)
    func skipWhile(_ source: Observable<Int>, _ predicate: @escaping (Int) throws -> Bool) -> Observable<Int> {
        source.skipWhile(predicate)
    }
}

@Suite struct SkipWhileTests {
    @Test func dropsWhileThePredicateHoldsThenEmitsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 9), .next(210, 1), .next(220, 2), .next(230, 5), .next(240, 1), .completed(300)])
        let res = scheduler.start { xs.skip(while: { $0 < 5 }) }
        #expect(res.events == [.next(230, 5), .next(240, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func predicateIsNotCalledOnceElementsPass() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 1), .next(240, 2), .completed(300)])
        var calls = 0
        let res = scheduler.start { xs.skip(while: { calls += 1; return $0 < 5 }) }
        #expect(res.events == [.next(220, 5), .next(230, 1), .next(240, 2), .completed(300)])
        #expect(calls == 2)
    }

    @Test func predicateErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 9), .completed(300)])
        let res = scheduler.start { xs.skip(while: { value in if value == 2 { throw testError }; return true }) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func forwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 7), .error(250, testError)])
        let res = scheduler.start { xs.skip(while: { $0 < 5 }) }
        #expect(res.events == [.next(220, 7), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 7), .next(260, 8), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.skip(while: { $0 < 5 }) }
        #expect(res.events == [.next(220, 7)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func deprecatedSkipWhileBehavesLikeSkipWhile() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 1), .completed(300)])
        let res = scheduler.start {
            (SkipWhileDeprecatedCalls() as any SkipWhileDeprecatedAliases).skipWhile(xs.asObservable(), { $0 < 5 })
        }
        #expect(res.events == [.next(220, 5), .next(230, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 6), .completed(30)])
            _ = scheduler.start { xs.skip(while: { $0 < 5 }) }
            _ = scheduler.start { xs.skip(while: { _ in throw testError }) }
        }
        #expect(delta == 0)
    }
}
