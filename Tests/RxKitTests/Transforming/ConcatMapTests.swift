import RxKit
import RxKitTest
import Testing

@Suite struct ConcatMapTests {
    @Test func concatMapSubscribesEachInnerAfterThePreviousCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(228)])
        var mappedAt: [Int] = []
        let res = scheduler.start {
            xs.concatMap { value -> TestableObservable<Int> in
                mappedAt.append(scheduler.clock)
                return value == 1 ? ys1 : ys2
            }
        }
        #expect(res.events == [.next(220, 10), .next(240, 20), .completed(250)])
        // As in RxSwift (concatMap is merge with one slot), the selector runs when the element arrives.
        #expect(mappedAt == [210, 215])
        #expect(xs.subscriptions == [Subscription(200, 228)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [Subscription(230, 250)])
    }

    @Test func concatMapInnerErrorEndsAtOnceAndDropsWaitingInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(400)])
        let res = scheduler.start { xs.concatMap { $0 == 1 ? ys1 : ys2 } }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [])
    }

    @Test func concatMapSourceErrorAndSelectorErrorEndAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.concatMap { _ in ys } }
        #expect(res.events == [.next(220, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res2 = scheduler2.start {
            xs2.concatMap { value -> Observable<Int> in
                if value == 2 { throw otherError }
                return .never()
            }
        }
        #expect(res2.events == [.error(220, otherError)])
        #expect(xs2.subscriptions == [Subscription(200, 220)])
    }

    @Test func concatMapDisposalUnsubscribesSourceAndCurrentInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let res = scheduler.start(disposed: 300) { xs.concatMap { _ in ys } }
        #expect(res.events == [.next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(210, 300)])
    }

    @Test func synchronousInnersDoNotGrowTheStack() {
        let count = 100_000
        let source = Observable<Int>.create { observer in
            for value in 0..<count { observer.onNext(value) }
            observer.onCompleted()
            return Disposables.create()
        }
        var received = 0
        var completed = false
        _ = source.concatMap { Observable.just($0) }
            .subscribe(onNext: { _ in received += 1 }, onCompleted: { completed = true })
        #expect(received == count)
        #expect(completed)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 10), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            _ = scheduler.start { xs.concatMap { _ in ys } }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 500) { Observable<Int>.just(1).concatMap { _ in Observable<Int>.never() } }
            _ = Observable<Int>.just(1).concatMap { Observable.just($0) }.subscribe()
        }
        #expect(delta == 0)
    }
}
