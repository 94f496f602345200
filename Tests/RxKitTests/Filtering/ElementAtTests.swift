import RxKit
import RxKitTest
import Testing

/// Calls the deprecated alias from a deprecated context (no warning) behind a non-deprecated protocol
/// requirement, so the test can call it without a warning either.
fileprivate protocol ElementAtDeprecatedAliases {
    func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int>
}

fileprivate struct ElementAtDeprecatedCalls: ElementAtDeprecatedAliases {
    @available(*, deprecated)
    func elementAt(_ source: Observable<Int>, _ index: Int) -> Observable<Int> {
        source.elementAt(index)
    }
}

@Suite struct ElementAtTests {
    @Test func emitsTheElementAtTheIndexThenCompletesAndUnsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.element(at: 2) }
        #expect(res.events == [.next(230, 3), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func indexZeroTakesTheFirstElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.element(at: 0) }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func completingBeforeTheIndexFailsWithArgumentOutOfRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.element(at: 2) }
        #expect(res.events == [.error(300, RxError.argumentOutOfRange)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func forwardsUpstreamErrorBeforeTheIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.element(at: 3) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeTheIndexUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(270, 3)])
        let res = scheduler.start(disposed: 250) { xs.element(at: 2) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func deprecatedElementAtBehavesLikeElementAt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { (ElementAtDeprecatedCalls() as any ElementAtDeprecatedAliases).elementAt(xs.asObservable(), 1) }
        #expect(res.events == [.next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func negativeIndexIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.never().element(at: -1)
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            _ = scheduler.start { xs.element(at: 1) }
            _ = scheduler.start { xs.element(at: 5) }
        }
        #expect(delta == 0)
    }
}
