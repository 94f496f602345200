import RxKit
import RxKitTest
import Testing

@Suite struct ConcatTests {
    @Test func instanceConcatSubscribesSecondWhenFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let ys = scheduler.createHotObservable([.next(220, 99), .next(240, 2), .completed(250)])
        let res = scheduler.start { xs.concat(ys) }
        // ys's 220 element is sent before ys is subscribed, so it is not seen.
        #expect(res.events == [.next(210, 1), .next(240, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test func instanceConcatErrorInFirstNeverSubscribesSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let ys = scheduler.createHotObservable([.next(240, 2), .completed(250)])
        let res = scheduler.start { xs.concat(ys) }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [])
    }

    @Test func staticVariadicConcatenatesInOrder() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.concat(a.asObservable(), b.asObservable(), c.asObservable()) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 240)])
        #expect(c.subscriptions == [Subscription(240, 260)])
    }

    @Test func staticCollectionErrorStopsTheChain() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.error(5, testError)] as [Recorded<Event<Int>>])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start { Observable.concat([a, b, c].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 1), .error(225, testError)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 225)])
        #expect(c.subscriptions == [])
    }

    @Test func staticCollectionDisposalUnsubscribesTheCurrentSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(10, 2), .next(30, 3), .completed(40)])
        let c = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start(disposed: 235) { Observable.concat([a, b, c].map { $0.asObservable() }) }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 235)])
        #expect(c.subscriptions == [])
    }

    @Test func staticSequenceIsIteratedLazily() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var pulled = 0
        // An infinite sequence: `a`, then `never()` forever.
        let sources = sequence(state: 0) { (_: inout Int) -> Observable<Int>? in
            pulled += 1
            return pulled == 1 ? a.asObservable() : Observable<Int>.never()
        }
        let res = scheduler.start { Observable.concat(sources) }
        #expect(res.events == [.next(210, 1)])
        #expect(pulled == 2)
        #expect(a.subscriptions == [Subscription(200, 220)])
    }

    @Test func staticConcatOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.concat([Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }

    @Test func longChainsOfSynchronousSourcesDoNotGrowTheStack() {
        let count = 100_000
        var received = 0
        var completed = false
        _ = Observable.concat((0..<count).map { Observable.just($0) })
            .subscribe(onNext: { _ in received += 1 }, onCompleted: { completed = true })
        #expect(received == count)
        #expect(completed)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let b = scheduler.createColdObservable([.error(5, testError)] as [Recorded<Event<Int>>])
            _ = scheduler.start { a.concat(a) }
            _ = scheduler.start(created: 300, subscribed: 400, disposed: 1000) { Observable.concat(a.asObservable(), b.asObservable()) }
            _ = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { a.concat(Observable<Int>.never()) }
        }
        #expect(delta == 0)
    }

    @Test func concatOnSequenceOfSequencesConcatenates() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(20)])
        let ys2 = scheduler.createColdObservable([.next(5, 20), .completed(10)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(215, ys2), .completed(300)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(220, 10), .next(235, 20), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [Subscription(230, 240)])
    }

    @Test func concatOnSequenceOfSequencesErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let xs = scheduler.createHotObservable([.next(210, ys), .completed(300)])
        let res = scheduler.start { xs.concat() }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(210, 230)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let zs = scheduler2.createColdObservable([.next(10, 10)])
        let ws = scheduler2.createHotObservable([.next(210, zs)])
        let res2 = scheduler2.start(disposed: 250) { ws.concat() }
        #expect(res2.events == [.next(220, 10)])
        #expect(ws.subscriptions == [Subscription(200, 250)])
        #expect(zs.subscriptions == [Subscription(210, 250)])
    }
}
