import RxKit
import RxKitTest
import Testing

@Suite struct MergeTests {
    // MARK: merge() on a sequence of sequences

    @Test func mergeMergesInnerSequencesAndCompletesAfterSourceAndInners() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .next(20, 11), .completed(30)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .next(20, 21), .completed(30)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(225, ys2), .completed(240)])
        let res = scheduler.start { xs.merge() }
        #expect(res.events == [.next(220, 10), .next(230, 11), .next(235, 20), .next(245, 21), .completed(255)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [Subscription(225, 255)])
    }

    @Test func mergeInnerErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .error(20, testError)])
        let ys2 = scheduler.createColdObservable([.next(100, 20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(212, ys2), .completed(400)])
        let res = scheduler.start { xs.merge() }
        #expect(res.events == [.next(220, 10), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys1.subscriptions == [Subscription(210, 230)])
        #expect(ys2.subscriptions == [Subscription(212, 230)])
    }

    @Test func mergeSourceErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, ys), .error(250, testError)])
        let res = scheduler.start { xs.merge() }
        #expect(res.events == [.next(220, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])
    }

    @Test func mergeDisposalUnsubscribesEverything() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, ys)])
        let res = scheduler.start(disposed: 300) { xs.merge() }
        #expect(res.events == [.next(220, 10)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(210, 300)])
    }

    // MARK: merge(maxConcurrent:)

    @Test func mergeMaxConcurrentQueuesInnerSequencesBeyondTheLimit() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .completed(50)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(50)])
        let ys3 = scheduler.createColdObservable([.next(5, 30), .completed(15)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .next(230, ys3), .completed(240)])
        let res = scheduler.start { xs.merge(maxConcurrent: 2) }
        // ys3 waits until ys1 completes at 260.
        #expect(res.events == [.next(220, 10), .next(230, 20), .next(265, 30), .completed(275)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 260)])
        #expect(ys2.subscriptions == [Subscription(220, 270)])
        #expect(ys3.subscriptions == [Subscription(260, 275)])
    }

    @Test func mergeMaxConcurrentErrorFromInnerEndsAtOnceAndNeverSubscribesWaitingOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys1 = scheduler.createColdObservable([.next(10, 10), .error(30, testError)])
        let ys2 = scheduler.createColdObservable([.next(10, 20), .completed(20)])
        let xs = scheduler.createHotObservable([.next(210, ys1), .next(220, ys2), .completed(300)])
        let res = scheduler.start { xs.merge(maxConcurrent: 1) }
        #expect(res.events == [.next(220, 10), .error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys1.subscriptions == [Subscription(210, 240)])
        #expect(ys2.subscriptions == [])
    }

    @Test func mergeMaxConcurrentSourceErrorAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let ys = scheduler.createColdObservable([.next(10, 10), .next(100, 11)])
        let xs = scheduler.createHotObservable([.next(210, ys), .error(250, testError)])
        let res = scheduler.start { xs.merge(maxConcurrent: 3) }
        #expect(res.events == [.next(220, 10), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [Subscription(210, 250)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let zs = scheduler2.createColdObservable([.next(10, 10), .next(100, 11)])
        let ws = scheduler2.createHotObservable([.next(210, zs)])
        let res2 = scheduler2.start(disposed: 260) { ws.merge(maxConcurrent: 3) }
        #expect(res2.events == [.next(220, 10)])
        #expect(ws.subscriptions == [Subscription(200, 260)])
        #expect(zs.subscriptions == [Subscription(210, 260)])
    }

    @Test func mergeMaxConcurrentRejectsZero() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Observable<Int>>.never().merge(maxConcurrent: 0)
        }
    }

    // MARK: static merge

    @Test func staticMergeVariadicSubscribesAllAtOnceAndCompletesWhenAllComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(230, 3), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(260)])
        let res = scheduler.start { Observable.merge(a.asObservable(), b.asObservable()) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(200, 260)])
    }

    @Test func staticMergeArrayErrorEndsAtOnceAndDisposesTheOthers() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let b = scheduler.createHotObservable([.error(230, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.merge([a.asObservable(), b.asObservable()]) }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(a.subscriptions == [Subscription(200, 230)])
        #expect(b.subscriptions == [Subscription(200, 230)])
    }

    @Test func staticMergeCollectionMergesAndDisposes() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(400, 9)])
        let b = scheduler.createHotObservable([.next(220, 2)])
        let sources: ArraySlice<Observable<Int>> = [a.asObservable(), b.asObservable()][...]
        let res = scheduler.start(disposed: 300) { Observable.merge(sources) }
        #expect(res.events == [.next(210, 1), .next(220, 2)])
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(b.subscriptions == [Subscription(200, 300)])
    }

    @Test func staticMergeOfNothingCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.merge([]) }
        #expect(res.events == [.completed(200)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let ys = scheduler.createColdObservable([.next(10, 10), .completed(20)])
            let xs = scheduler.createHotObservable([.next(210, ys), .next(215, ys), .completed(300)])
            let failing = scheduler.createHotObservable([.error(320, testError)] as [Recorded<Event<Int>>])
            _ = scheduler.start { xs.merge() }
            _ = scheduler.start(created: 300, subscribed: 310, disposed: 1000) { Observable.merge(ys.asObservable(), failing.asObservable()) }
            _ = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { xs.merge(maxConcurrent: 1) }
        }
        #expect(delta == 0)
    }
}
