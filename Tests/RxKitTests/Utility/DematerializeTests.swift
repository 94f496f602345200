import RxKit
import RxKitTest
import Testing

@Suite struct DematerializeTests {
    @Test func turnsNextEventsBackIntoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(220, .next(2)), .completed(300)])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func aCompletedEventElementCompletesAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(230, .completed), .next(240, .next(2)), .completed(300)])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func anErrorEventElementFailsAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(230, .error(testError)), .completed(300)])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func forwardsTheSourcesOwnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .error(250, otherError)])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 1), .error(250, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func undoesMaterialize() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, testError)])
        let res = scheduler.start { xs.materialize().dematerialize() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(1)), .next(260, .next(2)), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.dematerialize() }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, Event.next(1)), .next(15, .completed), .completed(20)])
            _ = scheduler.start { xs.dematerialize() }
            _ = scheduler.start(disposed: 205) { xs.dematerialize() }
        }
        #expect(delta == 0)
    }
}
