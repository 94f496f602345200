import RxKit
import RxKitTest
import Testing

@Suite struct EnumeratedTests {
    @Test func pairsEachElementWithItsIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, "z"), .next(210, "a"), .next(220, "b"), .next(230, "c"), .completed(300)])
        let res = scheduler.start { xs.enumerated().map { "\($0.index):\($0.element)" } }
        #expect(res.events == [.next(210, "0:a"), .next(220, "1:b"), .next(230, "2:c"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func eachSubscriptionCountsFromZero() {
        let source = Observable.of("a", "b").enumerated().map { $0.index }
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [0, 1, 0, 1])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .error(250, testError)])
        let res = scheduler.start { xs.enumerated().map { $0.index } }
        #expect(res.events == [.next(210, 0), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(260, "b"), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.enumerated().map { $0.index } }
        #expect(res.events == [.next(210, 0)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @available(*, deprecated)
    @Test func deprecatedMapWithIndexPassesTheIndex() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        let res = scheduler.start { xs.mapWithIndex { "\($1)\($0)" } }
        #expect(res.events == [.next(210, "0a"), .next(220, "1b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @available(*, deprecated)
    @Test func deprecatedMapWithIndexThrownErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .completed(300)])
        let res = scheduler.start { xs.mapWithIndex { value, index -> String in
            if index == 1 { throw testError }
            return value
        } }
        #expect(res.events == [.next(210, "a"), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.enumerated().map { $0.index } }
            _ = scheduler.start(disposed: 205) { xs.enumerated().map { $0.element } }
        }
        #expect(delta == 0)
    }
}
