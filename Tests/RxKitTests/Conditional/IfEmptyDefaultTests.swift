import RxKit
import RxKitTest
import Testing

@Suite struct IfEmptyDefaultTests {
    @Test func emptySourceEmitsTheDefaultThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.ifEmpty(default: 99) }
        #expect(res.events == [.next(250, 99), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func nonEmptySourcePassesThroughUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.ifEmpty(default: 99) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorIsForwardedWithoutTheDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.ifEmpty(default: 99) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start(disposed: 240) { xs.ifEmpty(default: 99) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Int>>])
            _ = scheduler.start { xs.ifEmpty(default: 1) }
            _ = scheduler.start(disposed: 210) { xs.ifEmpty(default: 1) }
        }
        #expect(delta == 0)
    }
}
