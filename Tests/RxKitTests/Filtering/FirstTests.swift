import RxKit
import RxKitTest
import Testing

/// RxSwift 6: `first()` is a `Single<Element?>` — the first element, or `nil` when the source completes empty.
@Suite struct FirstTests {
    @Test func firstSucceedsWithTheFirstElementAndDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.next(210, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func firstOfAnEmptySourceSucceedsWithNil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.next(250, nil), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func firstFailsWithTheSourcesError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(230, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.first().asObservable() }
        #expect(res.events == [.error(230, testError)])
    }

    @Test func firstIsASingleOfAnOptional() {
        var results: [Int?] = []
        _ = Observable<Int>.empty().first().subscribe(onSuccess: { results.append($0) })
        _ = Observable.of(7, 8).first().subscribe(onSuccess: { results.append($0) })
        #expect(results == [nil, 7])
    }
}
