import RxKit
import RxKitTest
import Testing

// flatMapLatest runs on switchLatest's sink (`SwitchLatestProducer`); its tests belong to that suite.
extension SwitchLatestTests {
    /// Records subscriptions and disposals of the inner sequences, in order.
    fileprivate final class Log: @unchecked Sendable {
        var entries: [String] = []
    }

    @Test func flatMapLatestMirrorsOnlyTheMostRecentInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .next(40, 12), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start { xs.flatMapLatest { $0 == 1 ? ys1 : ys2 } }
        // ys1's element at 250 never comes: ys1 was disposed at 240 when 2 arrived.
        #expect(res.events == [.next(220, 10), .next(230, 11), .next(250, 20), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(240, 260)])
    }

    @Test func flatMapLatestCompletesWhenSourceAndCurrentInnerHaveCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys } }
        #expect(res.events == [.next(220, 10), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test func flatMapLatestDisposesTheOldInnerBeforeSubscribingTheNewOne() {
        let log = Log()
        let outer = PublishSubject<Int>()
        let subscription = outer.flatMapLatest { value in
            Observable<Int>.create { _ in
                log.entries.append("subscribe \(value)")
                return Disposables.create { log.entries.append("dispose \(value)") }
            }
        }.subscribe()
        outer.onNext(1)
        outer.onNext(2)
        subscription.dispose()
        #expect(log.entries == ["subscribe 1", "dispose 1", "subscribe 2", "dispose 2"])
    }

    @Test func flatMapLatestInnerErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys } }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapLatestSourceErrorEndsAtOnceAndDisposesTheInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.flatMapLatest { _ in ys } }
        #expect(res.events == [.next(220, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])
    }

    @Test func flatMapLatestSelectorErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let res = scheduler.start {
            xs.flatMapLatest { value -> TestableObservable<Int> in
                if value == 2 { throw testError }
                return ys
            }
        }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapLatestDisposalUnsubscribesSourceAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let res = scheduler.start(disposed: 300) { xs.flatMapLatest { _ in ys } }
        #expect(res.events == [.next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(210, 300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 10), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            _ = scheduler.start { xs.flatMapLatest { _ in ys } }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 500) { Observable<Int>.just(1).flatMapLatest { _ in Observable<Int>.never() } }
            _ = scheduler.start(created: 500, subscribed: 600, disposed: 700) { Observable<Int>.just(1).flatMapLatest { _ in Observable<Int>.error(testError) } }
        }
        #expect(delta == 0)
    }
}
