import RxKit
import RxKitTest
import Testing

@Suite struct AmbTests {
    @Test func leftWinsWhenItEmitsFirstAndRightIsDisposedAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .completed(250)])
        let ys = scheduler.createHotObservable([.next(215, 10), .completed(260)])
        let res = scheduler.start { xs.amb(ys) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
    }

    @Test func rightWinsWhenItEmitsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 1), .completed(250)])
        let ys = scheduler.createHotObservable([.next(210, 10), .error(260, testError)])
        let res = scheduler.start { xs.amb(ys) }
        #expect(res.events == [.next(210, 10), .error(260, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(200, 260)])
    }

    @Test func aTerminalEventAlsoWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(215, 1), .completed(250)])
        let ys = scheduler.createHotObservable([.error(205, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.amb(ys) }
        #expect(res.events == [.error(205, testError)])
        #expect(xs.subscriptions == [Subscription(200, 205)])
        #expect(ys.subscriptions == [Subscription(200, 205)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let as2 = scheduler2.createHotObservable([.completed(205)] as [Recorded<Event<Int>>])
        let bs2 = scheduler2.createHotObservable([.next(210, 1)])
        let res2 = scheduler2.start { as2.amb(bs2) }
        #expect(res2.events == [.completed(205)])
        #expect(bs2.subscriptions == [Subscription(200, 205)])
    }

    @Test func staticAmbMirrorsTheFirstOfManyAndDisposesAllOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(230, 1), .completed(300)])
        let b = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(250)])
        let c = scheduler.createHotObservable([.next(225, 4)])
        let res = scheduler.start { Observable.amb([a, b, c].map { $0.asObservable() }) }
        #expect(res.events == [.next(220, 2), .next(240, 3), .completed(250)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(200, 250)])
        #expect(c.subscriptions == [Subscription(200, 220)])
    }

    @Test func staticAmbOfNothingNeverEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.amb([Observable<Int>]()) }
        #expect(res.events == [])
    }

    @Test func disposalBeforeAnyEventUnsubscribesAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(400, 1)])
        let ys = scheduler.createHotObservable([.next(500, 2)])
        let res = scheduler.start(disposed: 300) { xs.amb(ys) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
            let ys = scheduler.createHotObservable([.next(215, 10)])
            _ = scheduler.start { xs.amb(ys) }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 500) { Observable.amb([xs.asObservable(), Observable<Int>.never()]) }
        }
        #expect(delta == 0)
    }
}
