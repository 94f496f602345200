import RxKit
import RxKitTest
import Testing

/// `timer(_:period:scheduler:)` (the deprecated-overload and resource tests cover `interval` too).
@Suite struct TimerTests {
    @Test func timerWithoutPeriodSendsZeroAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        #expect(res.events == [.next(500, 0), .completed(500)])
    }

    @Test func timerDisposedBeforeDueTimeSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 400) { Observable<Int>.timer(.seconds(300), scheduler: scheduler) }
        #expect(res.events == [])
    }

    @Test func timerWithPeriodTicksAfterDueTimeThenEveryPeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 500) { Observable<Int>.timer(.seconds(50), period: .seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
    }

    @Test func timerWorksWithOtherIntegerTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 235) { Observable<UInt8>.timer(.seconds(10), period: .seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
    }

    @available(*, deprecated)
    @Test func deprecatedSecondsOverloadsBehaveLikeTheDispatchTimeIntervalOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        let interval = scheduler.start(disposed: 450) { Observable<Int>.interval(100.0, scheduler: scheduler) }
        #expect(interval.events == [.next(300, 0), .next(400, 1)])
        let scheduler2 = TestScheduler(initialClock: 0)
        let once = scheduler2.start { Observable<Int>.timer(300.0, scheduler: scheduler2) }
        #expect(once.events == [.next(500, 0), .completed(500)])
        let scheduler3 = TestScheduler(initialClock: 0)
        let periodic = scheduler3.start(disposed: 500) { Observable<Int>.timer(50.0, period: 100.0, scheduler: scheduler3) }
        #expect(periodic.events == [.next(250, 0), .next(350, 1), .next(450, 2)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start(disposed: 450) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
            _ = scheduler.start { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
            _ = scheduler.start(disposed: 205) { Observable<Int>.timer(.seconds(10), scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
