import RxKit
import RxKitTest
import Testing

@Suite struct DeferredTests {
    @Test func callsTheFactoryOnSubscriptionAndForwardsItsSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        var calls: [Int] = []
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let res = scheduler.start {
            Observable.deferred {
                calls.append(scheduler.clock)
                return xs.asObservable()
            }
        }
        #expect(calls == [200])
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func callsTheFactoryOncePerSubscription() {
        var calls = 0
        let source = Observable.deferred { () -> Observable<Int> in
            calls += 1
            return Observable.just(calls)
        }
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2])
    }

    @Test func forwardsTheSequencesErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError), .next(260, 2)])
        let res = scheduler.start { Observable.deferred { xs.asObservable() } }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aThrowingFactoryFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.deferred { throw testError } }
        #expect(res.events == [.error(200, testError)])
    }

    @Test func disposalUnsubscribesFromTheCreatedSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { Observable.deferred { xs.asObservable() } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { Observable.deferred { xs.asObservable() } }
            _ = scheduler.start { Observable<Int>.deferred { throw testError } }
            _ = scheduler.start(disposed: 300) { Observable.deferred { Observable<Int>.never() } }
        }
        #expect(delta == 0)
    }
}
