import RxKit
import RxKitTest
import Testing

@Suite struct FlatMapFirstTests {
    @Test func flatMapFirstDropsSourceElementsWhileAnInnerIsActive() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
        let ys3 = scheduler.createColdObservable([.next(10, 30), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(225, 2), .next(250, 3), .completed(300)])
        var mapped: [Int] = []
        let res = scheduler.start {
            xs.flatMapFirst { value -> TestableObservable<Int> in
                mapped.append(value)
                return [1: ys1, 2: ys2, 3: ys3][value]!
            }
        }
        // 2 arrives while ys1 (210...240) runs: dropped without calling the selector.
        #expect(res.events == [.next(220, 10), .next(230, 11), .next(260, 30), .completed(300)])
        #expect(mapped == [1, 3])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [])
        #expect(ys3.subscriptions == [Subscription(250, 270)])
    }

    @Test func flatMapFirstWaitsForTheActiveInnerBeforeCompleting() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .completed(50)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.flatMapFirst { _ in ys } }
        #expect(res.events == [.next(220, 10), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(210, 260)])
    }

    @Test func flatMapFirstInnerErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let res = scheduler.start { xs.flatMapFirst { _ in ys } }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapFirstSourceErrorAndSelectorErrorEndAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.flatMapFirst { _ in Observable<Int>.never() } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .completed(300)])
        let res2 = scheduler2.start { xs2.flatMapFirst { _ -> Observable<Int> in throw otherError } }
        #expect(res2.events == [.error(210, otherError)])
        #expect(xs2.subscriptions == [Subscription(200, 210)])
    }

    @Test func flatMapFirstDisposalUnsubscribesSourceAndInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let res = scheduler.start(disposed: 250) { xs.flatMapFirst { _ in ys } }
        #expect(res.events == [.next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])
    }
}
