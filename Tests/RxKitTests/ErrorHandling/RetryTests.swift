import RxKit
import RxKitTest
import Testing

@Suite struct RetryTests {
    @Test func retryResubscribesAfterEachErrorUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 275) { xs.retry() }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .next(270, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 275)])
    }

    @Test func retryCompletesWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(20)])
        let res = scheduler.start { xs.retry() }
        #expect(res.events == [.next(210, 1), .next(215, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func retryCountIsTheTotalNumberOfSubscriptions() {
        // RxSwift: "If you encounter an error and want it to retry once, then you must use `retry(2)`".
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(3) }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test func retryOneSubscribesOnceAndForwardsTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(1) }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func retryZeroCompletesWithoutSubscribing() {
        // RxSwift builds retry(n) from repeatElement(source, count: n); an empty list of sources completes.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions == [])
    }

    @Test func retryWithCountStopsRetryingOnceTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError), .next(230, 2), .completed(240), .next(250, 3)])
        let res = scheduler.start { xs.retry(5) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
    }

    @Test func retryWithCountDisposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 235) { xs.retry(3) }
        #expect(res.events == [.next(210, 1), .next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 235)])
    }

    @Test func synchronousFailuresAreRetriedWithoutGrowingTheStack() {
        var subscriptions = 0
        let failing = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onError(testError)
            return Disposables.create()
        }
        var events: [Event<Int>] = []
        _ = failing.retry(20_000).subscribe { events.append($0) }
        #expect(subscriptions == 20_000)
        #expect(events.count == 1)
        #expect(events.first?.error.map { "\($0)" } == "\(testError)")
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let ys = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.retry(3) }
            _ = scheduler.start { ys.retry() }
            _ = scheduler.start(disposed: 250) { xs.retry() }
        }
        #expect(delta == 0)
    }
}
