import RxKit
import RxKitTest
import Testing

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
