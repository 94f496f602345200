import RxKit
import RxKitTest
import Testing

// `debug` prints timestamped lines to standard output (as RxSwift does); these tests check that the
// sequence itself is passed through unchanged.
@Suite struct DebugTests {
    @Test func passesElementsAndCompletionThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.debug("DebugTests.values") }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func passesErrorsThrough() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.debug(trimOutput: true) }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func trimmedOutputStillPassesLongElementsUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let long = String(repeating: "x", count: 100)
        let xs = scheduler.createHotObservable([.next(210, long), .completed(220)])
        let res = scheduler.start { xs.debug("DebugTests.trim", trimOutput: true) }
        #expect(res.events == [.next(210, long), .completed(220)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 250) { xs.debug("DebugTests.dispose") }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.debug("DebugTests.leak") }
            _ = scheduler.start(disposed: 205) { xs.debug("DebugTests.leak") }
        }
        #expect(delta == 0)
    }
}
