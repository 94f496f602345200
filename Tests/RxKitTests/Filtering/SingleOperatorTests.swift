import RxKit
import RxKitTest
import Testing

@Suite struct SingleOperatorTests {
    @Test func emitsTheOnlyElementAtOnceAndCompletesWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func emptySourceFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.error(250, RxError.noElements)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func secondElementFailsWithMoreThanOneElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func forwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(230, testError)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func predicateConsidersOnlyMatchingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(250)])
        let res = scheduler.start { xs.single { $0 % 2 == 0 } }
        #expect(res.events == [.next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func predicateWithTwoMatchesFailsWithMoreThanOneElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        let res = scheduler.start { xs.single { $0 % 2 == 0 } }
        #expect(res.events == [.next(220, 2), .error(240, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func predicateWithoutMatchFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(250)])
        let res = scheduler.start { xs.single { $0 % 2 == 0 } }
        #expect(res.events == [.error(250, RxError.noElements)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func predicateErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.single { value in if value == 2 { throw testError }; return false } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func predicateFormForwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.single { _ in true } }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2)])
        let res = scheduler.start(disposed: 250) { xs.single() }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let ys = scheduler2.createHotObservable([.next(210, 1), .next(300, 2)])
        let res2 = scheduler2.start(disposed: 250) { ys.single { _ in true } }
        #expect(res2.events == [.next(210, 1)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            _ = scheduler.start { xs.single() }
            _ = scheduler.start { xs.single { $0 == 2 } }
        }
        #expect(delta == 0)
    }
}
