import RxKit
import RxKitTest
import Testing

@Suite struct TestSchedulerTests {
    @Test func coldObservableReplaysRelativeToEachSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, "a"), .next(20, "b"), .completed(30)])
        let res = scheduler.start { xs.asObservable() }
        #expect(res.events == [.next(210, "a"), .next(220, "b"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func hotObservableRecordsOpenAndClosedSubscriptions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Recorded<Event<Int>>.events(.next(210, 1), .next(500, 2)))
        let early = scheduler.createObserver(Int.self)
        var subscription: Disposable?
        scheduler.scheduleAt(205) { subscription = xs.subscribe(early) }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.scheduleAt(400) { _ = xs.subscribe(scheduler.createObserver(Int.self)) }
        scheduler.start()
        #expect(early.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(205, 300), Subscription(400)])
        #expect(Subscription(400).debugDescription == "(400: Infinity)")
    }

    @Test func startDisposesAtTheGivenTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(250, 1), .next(350, 2)])
        let res = scheduler.start(created: 50, subscribed: 240, disposed: 300) { xs.asObservable() }
        #expect(res.events == [.next(250, 1)])
        #expect(xs.subscriptions == [Subscription(240, 300)])
    }

    @Test func terminalEventsCanNameTheirElementType() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(300, Int.self)])
        let ys = scheduler.createHotObservable([.error(300, testError, String.self)])
        let completed = scheduler.start { xs.asObservable() }
        #expect(completed.events == [.completed(300)])
        #expect(ys.recordedEvents == [.error(300, testError)])
    }

    @Test func recordedEqualityComparesTimesValuesAndErrors() {
        #expect(Recorded.next(10, 1) == Recorded.next(10, 1))
        #expect(Recorded.next(10, 1) != Recorded.next(11, 1))
        #expect(Recorded<Event<Int>>.error(10, testError) == .error(10, TestError(1)))
        #expect(Recorded<Event<Int>>.error(10, testError) != .error(10, otherError))
        #expect(Recorded<Event<Int>>.completed(5) != .next(5, 1))
    }
}
