import RxKit
import RxKitTest
import Testing

/// `scan(_:accumulator:)` and `scan(into:accumulator:)`.
@Suite struct ScanTests {
    @Test func sendsEachRunningResultButNotTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let res = scheduler.start { xs.scan(10) { $0 + $1 } }
        #expect(res.events == [.next(210, 12), .next(220, 15), .next(230, 19), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func intoMutatesTheAccumulatedValueInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.scan(into: [Int]()) { $0.append($1) } }
        #expect(res.events == [.next(210, [1]), .next(220, [1, 2]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func emptySourceCompletesWithoutSendingTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.scan(0) { $0 + $1 } }
        #expect(res.events == [.completed(250)])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.scan(into: 0) { $0 += $1 } }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func thrownErrorEndsTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.scan(0) { sum, value in
            if value == 2 { throw testError }
            return sum + value
        } }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func intoThrownErrorEndsTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.scan(into: 0) { _, value in if value == 2 { throw testError } } }
        #expect(res.events == [.next(210, 0), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.scan(0) { $0 + $1 } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        let source = Observable.of(1, 2).scan(0) { $0 + $1 }
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [1, 3, 1, 3])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.scan(0) { $0 + $1 } }
            _ = scheduler.start { xs.scan(into: 0) { _, _ in throw testError } }
            _ = scheduler.start(disposed: 205) { xs.scan(into: 0) { $0 += $1 } }
        }
        #expect(delta == 0)
    }
}
