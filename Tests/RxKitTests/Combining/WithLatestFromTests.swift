import RxKit
import RxKitTest
import Testing

@Suite struct WithLatestFromTests {
    @Test func combinesEachElementWithTheLatestOfSecondAndDropsElementsBeforeItHasOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(245)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        // 1 comes before ys has a value: dropped. ys completing changes nothing.
        #expect(res.events == [.next(230, 12), .next(250, 23), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 245)])
    }

    @Test func withoutSelectorEmitsTheLatestElementOfSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(230, "a"), .next(250, "b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func subscribesTheSecondSourceFirst() {
        var order: [String] = []
        let first = Observable<Int>.create { observer in
            order.append("first")
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let second = Observable<Int>.create { observer in
            order.append("second")
            observer.onNext(5)
            return Disposables.create()
        }
        var received: [Int] = []
        _ = first.withLatestFrom(second).subscribe(onNext: { received.append($0) })
        #expect(order == ["second", "first"])
        // Because second is subscribed first, its value is there for first's synchronous element.
        #expect(received == [5])
        var fromSubject: [Int] = []
        _ = Observable.just(1).withLatestFrom(BehaviorSubject(value: 7)).subscribe(onNext: { fromSubject.append($0) })
        #expect(fromSubject == [7])
    }

    @Test func errorFromFirstEndsAtOnceAndDisposesSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .error(240, testError)])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start { xs.withLatestFrom(ys) { $0 + $1 } }
        #expect(res.events == [.next(230, 12), .error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func errorFromSecondEndsAtOnceAndDisposesFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(260, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .error(250, testError)])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(230, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func thrownSelectorErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(260, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start { xs.withLatestFrom(ys) { x, _ -> Int in if x == 3 { throw testError }; return x } }
        #expect(res.events == [.next(230, 2), .error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
        #expect(ys.subscriptions == [Subscription(200, 260)])
    }

    @Test func completionOfFirstCompletesAndDisposesSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .completed(240)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(300, 11)])
        let res = scheduler.start { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(230, 10), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func disposalUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(230, 2), .next(300, 3)])
        let ys = scheduler.createHotObservable([.next(220, 10)])
        let res = scheduler.start(disposed: 250) { xs.withLatestFrom(ys) }
        #expect(res.events == [.next(230, 10)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(230, 2), .completed(240)])
            let ys = scheduler.createHotObservable([.next(220, 10), .error(235, testError)])
            _ = scheduler.start { xs.withLatestFrom(ys) }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 500) { xs.withLatestFrom(Observable<Int>.never()) { $0 + $1 } }
        }
        #expect(delta == 0)
    }

    // Events a subscriber causes from inside its onNext are handled after that call returns, in order
    // (RxSwift serialises them under its lock; here they queue in the drain): the latest value of
    // `second` set re-entrantly is the one the re-entrant `first` element sees.
    @Test func reentrantEventsAreHandledAfterTheCurrentElementInOrder() {
        let first = PublishSubject<Int>(), second = PublishSubject<Int>()
        var log: [String] = []
        let subscription = first.withLatestFrom(second) { $0 + $1 }.subscribe(onNext: { value in
            log.append("begin \(value)")
            if value == 11 {
                second.onNext(20)
                first.onNext(2)
                second.onCompleted()  // ignored but for the subscription: the latest value stays usable
                first.onNext(3)
            }
            log.append("end \(value)")
        })
        second.onNext(10)
        first.onNext(1)
        #expect(log == ["begin 11", "end 11", "begin 22", "end 22", "begin 23", "end 23"])
        subscription.dispose()
    }

    @Test func replacedLatestValuesAreReleased() {
        final class Box: @unchecked Sendable {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let first = PublishSubject<Int>(), second = PublishSubject<Box>()
        weak var replaced: Box?
        weak var kept: Box?
        var results: [Int] = []
        let subscription = first.withLatestFrom(second) { $0 + $1.value }.subscribe(onNext: { results.append($0) })
        do {
            let box = Box(10)
            replaced = box
            second.onNext(box)
        }
        do {
            let box = Box(20)
            kept = box
            second.onNext(box)
        }
        #expect(replaced == nil)
        first.onNext(1)
        #expect(results == [21])
        #expect(kept != nil)
        subscription.dispose()
        #expect(kept == nil)
    }
}
