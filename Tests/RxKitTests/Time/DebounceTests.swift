import RxKit
import RxKitTest
import Testing

@Suite struct DebounceTests {
    @Test func emitsAnElementOnlyAfterQuietTimeEachNewElementRestartingTheTimer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, -1), .next(210, 1), .next(220, 2), .next(250, 3), .next(300, 4), .next(330, 5), .completed(400),
        ])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        // 1 is replaced by 2 within 20 ticks; 2 goes at 240, 3 at 270, 4 at 320, 5 at 350.
        #expect(res.events == [.next(240, 2), .next(270, 3), .next(320, 4), .next(350, 5), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }

    @Test func completionFlushesThePendingElementAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func completionWithoutPendingElementJustCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(260)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func errorDropsThePendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .error(250, testError)])
        let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalDropsThePendingElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 220) { xs.debounce(.seconds(20), scheduler: scheduler) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .next(50, 3), .completed(55)])
            _ = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
            _ = scheduler.start(disposed: 212) { xs.debounce(.seconds(10), scheduler: scheduler) }
            let ys = scheduler.createColdObservable([.next(10, 1), .error(15, testError)])
            _ = scheduler.start { ys.debounce(.seconds(10), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
