import RxKit
import RxKitTest
import Testing

@Suite struct ToArrayTests {
    @Test func sendsAllElementsAsOneArrayOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.toArray().asObservable() }
        #expect(res.events == [.next(300, [1, 2, 3]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func emptySourceSendsAnEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.toArray().asObservable() }
        #expect(res.events == [.next(250, []), .completed(250)])
    }

    @Test func errorDropsTheCollectedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.toArray().asObservable() }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionSendsNothingAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.toArray().asObservable() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.toArray().asObservable() }
            _ = scheduler.start(disposed: 215) { xs.toArray().asObservable() }
        }
        #expect(delta == 0)
    }
}
