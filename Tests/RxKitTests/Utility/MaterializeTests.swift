import RxKit
import RxKitTest
import Testing

@Suite struct MaterializeTests {
    @Test func turnsElementsAndCompletionIntoEventsThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [.next(210, .next(2)), .next(220, .next(3)), .next(300, .completed), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func turnsAnErrorIntoAnEventThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [.next(210, .next(1)), .next(250, .error(testError)), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.materialize() }
        #expect(res.events == [.next(210, .next(1))])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { xs.materialize() }
            _ = scheduler.start(disposed: 205) { xs.materialize() }
        }
        #expect(delta == 0)
    }
}
