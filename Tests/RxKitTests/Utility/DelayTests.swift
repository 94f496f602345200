import RxKit
import RxKitTest
import Testing

@Suite struct DelayTests {
    @Test func shiftsElementsAndCompletionByTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550)])
        let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func keepsTheIntervalsBetweenCloseElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 1), .next(265, 2), .next(280, 3), .completed(290)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func emptySourceCompletesAfterTheDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorIsNotDelayedAndDropsWaitingElements() {
        // RxSwift: "Error events from the source observable sequence are not delayed."
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .error(270, testError)])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(260, 1), .error(270, testError)])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @Test func disposalDropsWaitingElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(240, 2), .completed(300)])
        let res = scheduler.start(disposed: 255) { xs.delay(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(240, 1)])
        #expect(xs.subscriptions == [Subscription(200, 255)])
    }

    // RxSwift's delay delivers each due event in its own scheduler action, and RxTest's TestScheduler runs
    // an action due now one tick later: events that fall due together come a tick apart.
    @Test func eventsDueTogetherArriveInSuccessiveActions() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(0)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.startWith(-1, -2).delay(.seconds(5), scheduler: scheduler) }
        #expect(res.events == [.next(205, -1), .next(206, -2), .completed(207)])
    }

    @Test func aCompletionDueWithTheLastElementComesOneTickAfterIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(210)])
        let res = scheduler.start { xs.delay(.seconds(20), scheduler: scheduler) }
        #expect(res.events == [.next(230, 1), .completed(231)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    // RxSwift's DelayTests (testDelay_TimeSpan_Completed): a completion alone is shifted by the due time.
    @Test func aCompletionAfterAnElementBeforeTheSubscriptionIsShifted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    // RxSwift's DelayTests (testDelay_TimeSpan_Error2): the error is not delayed and drops what waits.
    @Test func anErrorOvertakesElementsStillWaiting() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, testError)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.next(400, 2), .next(500, 3), .error(550, testError)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    // A burst falling due at once, behind an element that waited: each in its own action, one tick apart,
    // the first at its due time.
    @Test func aBurstIsSpreadOneTickApartFromItsDueTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(220, 3), .next(220, 4), .completed(300)])
        let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(220, 1), .next(230, 2), .next(231, 3), .next(232, 4), .completed(310)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .completed(20)])
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { xs.delay(.seconds(30), scheduler: scheduler) }
            _ = scheduler.start { ys.delay(.seconds(30), scheduler: scheduler) }
            _ = scheduler.start(disposed: 225) { xs.delay(.seconds(30), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
