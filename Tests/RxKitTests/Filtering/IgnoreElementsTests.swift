import RxKit
import RxKitTest
import Testing

@Suite struct IgnoreElementsTests {
    @Test func dropsElementsAndForwardsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError), .next(260, 2)])
        let res = scheduler.start { xs.ignoreElements() }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.ignoreElements() }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.ignoreElements() }
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { ys.ignoreElements() }
        }
        #expect(delta == 0)
    }
}
