import RxKit
import RxKitTest
import Testing

@Suite struct SkipTests {
    @Test func dropsTheFirstElementsAndEmitsTheRest() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let res = scheduler.start { xs.skip(2) }
        #expect(res.events == [.next(230, 3), .next(240, 4), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func zeroEmitsEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.skip(0) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
    }

    @Test func countLargerThanTheSourceEmitsOnlyCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.skip(5) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func forwardsUpstreamError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, testError)])
        let res = scheduler.start { xs.skip(1) }
        #expect(res.events == [.next(220, 2), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.skip(1) }
        #expect(res.events == [.next(220, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func negativeCountIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.never().skip(-1)
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            _ = scheduler.start { xs.skip(1) }
            _ = scheduler.start(disposed: 215) { xs.skip(1) }
        }
        #expect(delta == 0)
    }
}
