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

@Suite struct IfEmptySwitchToTests {
    @Test func emptySourceSwitchesToTheOtherSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 240)])
    }

    @Test func nonEmptySourceNeverSubscribesTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(205, 1), .completed(210)])
        let ys = scheduler.createColdObservable([.next(10, 0), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(205, 1), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [])
    }

    @Test func sourceErrorIsForwardedWithoutSwitching() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, testError)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 0), .completed(30)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.error(210, testError)])
        #expect(ys.subscriptions == [])
    }

    @Test func otherErrorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 0), .error(20, testError)])
        let res = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .error(230, testError)])
        #expect(ys.subscriptions == [Subscription(210, 230)])
    }

    @Test func disposalWhileOnTheOtherSequenceUnsubscribesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let ys = scheduler.createColdObservable([.next(10, 0), .next(20, 1), .next(30, 2), .completed(40)])
        let res = scheduler.start(disposed: 235) { xs.ifEmpty(switchTo: ys.asObservable()) }
        #expect(res.events == [.next(220, 0), .next(230, 1)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
        #expect(ys.subscriptions == [Subscription(210, 235)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Int>>])
            let ys = scheduler.createColdObservable([.next(10, 0), .completed(20)])
            _ = scheduler.start { xs.ifEmpty(switchTo: ys.asObservable()) }
            _ = scheduler.start(disposed: 215) { xs.ifEmpty(switchTo: ys.asObservable()) }
        }
        #expect(delta == 0)
    }
}
