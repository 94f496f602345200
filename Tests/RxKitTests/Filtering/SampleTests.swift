import RxKit
import RxKitTest
import Testing

@Suite struct SampleTests {
    @Test func emitsTheLatestElementAtEachTickAndCompletesAtTheTickAfterTheSourceEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(250, 3), .next(260, 4), .completed(300)])
        let ticks = scheduler.createHotObservable([
            .next(150, "t"), .next(215, "t"), .next(230, "t"), .next(240, "t"), .next(270, "t"), .next(320, "t"), .completed(400),
        ])
        let res = scheduler.start { xs.sample(ticks) }
        // 240: nothing new since 230, so nothing is sent; 320: the source ended, so it completes.
        #expect(res.events == [.next(215, 1), .next(230, 2), .next(270, 4), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ticks.subscriptions == [Subscription(200, 320)])
    }

    @Test func defaultValueIsSentAtTicksWithoutNewElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 3), .completed(300)])
        let ticks = scheduler.createHotObservable([.next(220, "t"), .next(230, "t"), .next(260, "t"), .next(310, "t")])
        let res = scheduler.start { xs.sample(ticks, defaultValue: -1) }
        #expect(res.events == [.next(220, 1), .next(230, -1), .next(260, 3), .next(310, -1), .completed(310)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ticks.subscriptions == [Subscription(200, 310)])
    }

    @Test func samplerCompletionActsAsAFinalTick() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ticks = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.next(250, 1), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ticks.subscriptions == [Subscription(200, 250)])
    }

    @Test func samplerCompletingBeforeTheSourceLeavesTheSequenceOpen() {
        // As in RxSwift's Sample.swift: with no more ticks, the source's completion is never forwarded.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let ticks = scheduler.createHotObservable([.next(220, "t"), .completed(250)])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ticks.subscriptions == [Subscription(200, 250)])
    }

    @Test func sourceErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let ticks = scheduler.createHotObservable([.next(230, "t")])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ticks.subscriptions == [Subscription(200, 220)])
    }

    @Test func samplerErrorEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2)])
        let ticks = scheduler.createHotObservable([.next(215, "t"), .error(230, testError)])
        let res = scheduler.start { xs.sample(ticks) }
        #expect(res.events == [.next(215, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ticks.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposalUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let ticks = scheduler.createHotObservable([.next(220, "t"), .next(270, "t")])
        let res = scheduler.start(disposed: 250) { xs.sample(ticks) }
        #expect(res.events == [.next(220, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ticks.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            let ticks = scheduler.createColdObservable([.next(15, "t"), .next(35, "t"), .next(50, "t")])
            _ = scheduler.start { xs.sample(ticks, defaultValue: 0) }
            let failing = scheduler.createColdObservable([.error(20, testError)] as [Recorded<Event<String>>])
            _ = scheduler.start { xs.sample(failing) }
        }
        #expect(delta == 0)
    }
}
