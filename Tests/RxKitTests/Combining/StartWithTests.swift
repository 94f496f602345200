import RxKit
import RxKitTest
import Testing

@Suite struct StartWithTests {
    @Test func sendsThePrefixAtSubscriptionThenTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 3), .next(220, 4), .completed(300)])
        let res = scheduler.start { xs.startWith(1, 2) }
        #expect(res.events == [.next(200, 1), .next(200, 2), .next(210, 3), .next(220, 4), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func chainedPrefixesComeLastFirst() {
        var received: [Int] = []
        _ = Observable.just(4).startWith(3).startWith(1, 2).subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2, 3, 4])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(210, 2), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.startWith(1) }
        #expect(res.events == [.next(200, 1), .next(210, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.startWith(0) }
            _ = scheduler.start(disposed: 205) { xs.startWith(0, 1) }
        }
        #expect(delta == 0)
    }
}
