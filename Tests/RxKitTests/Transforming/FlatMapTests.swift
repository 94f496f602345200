import RxKit
import RxKitTest
import Testing

@Suite struct FlatMapTests {
    // MARK: flatMap

    @Test func flatMapMergesInnerElementsAsTheyArriveAndCompletesAfterSourceAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .next(20, 21), .completed(30)])
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(225, 2), .completed(240)])
        let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
        // ys1 runs 210...240, ys2 runs 225...255, interleaved; the source completed at 240, ys2 last.
        #expect(res.events == [.next(220, 10), .next(230, 11), .next(235, 20), .next(245, 21), .completed(255)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(225, 255)])
    }

    @Test func flatMapCompletesWhenSourceCompletesAfterTheLastInner() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.flatMap { _ in ys } }
        #expect(res.events == [.next(220, 10), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapInnerErrorEndsAtOnceAndDisposesSourceAndOtherInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let ys2 = scheduler.createColdObservable([.next(8, 20), .next(50, 21), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(400)])
        let res = scheduler.start { xs.flatMap { $0 == 1 ? ys1 : ys2 } }
        #expect(res.events == [.next(220, 10), .next(223, 20), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [Subscription(215, 230)])
    }

    @Test func flatMapSourceErrorEndsAtOnceAndDisposesInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.flatMap { _ in ys } }
        #expect(res.events == [.next(220, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])
    }

    @Test func flatMapSelectorErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(5, 10), .next(50, 11), .completed(60)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.flatMap { value -> TestableObservable<Int> in
                if value == 2 { throw testError }
                return ys
            }
        }
        #expect(res.events == [.next(215, 10), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(210, 220)])
    }

    @Test func flatMapDisposalUnsubscribesSourceAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11), .completed(200)])
        let xs = scheduler.createHotObservable([.next(210, 1), .next(400, 2)])
        let res = scheduler.start(disposed: 300) { xs.flatMap { _ in ys } }
        #expect(res.events == [.next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(210, 300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 10), .completed(20)])
            let failing = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
            let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
            _ = scheduler.start { xs.flatMap { _ in ys } }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 1000) { xs.flatMapFirst { _ in failing } }
            _ = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { Observable<Int>.just(1).flatMap { _ in Observable<Int>.never() } }
        }
        #expect(delta == 0)
    }
}
