import RxKit
import RxKitTest
import Testing

/// `catchAndReturn(_:)`.
@Suite struct CatchAndReturnTests {
    @Test func catchAndReturnReplacesTheErrorWithOneElementAndCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.catchAndReturn(99) }
        #expect(res.events == [.next(210, 1), .next(230, 99), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func catchAndReturnLeavesCompletionAlone() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.catchAndReturn(99) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func catchAndReturnDisposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start(disposed: 220) { xs.catchAndReturn(99) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
