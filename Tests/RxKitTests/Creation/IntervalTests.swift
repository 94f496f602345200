import RxKit
import RxKitTest
import Testing

/// `interval(_:scheduler:)`.
@Suite struct IntervalTests {
    @Test func intervalTicksEveryPeriodStartingAfterOnePeriod() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        // Disposed at 1000, before the tick due then (disposal was scheduled first).
        #expect(res.events == [.next(300, 0), .next(400, 1), .next(500, 2), .next(600, 3), .next(700, 4), .next(800, 5), .next(900, 6)])
    }

    @Test func intervalDisposalStopsTicking() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 450) { Observable<Int>.interval(.seconds(100), scheduler: scheduler) }
        #expect(res.events == [.next(300, 0), .next(400, 1)])
    }

    // RxSwift's TimerSink counts with `&+`: a small integer type wraps around rather than trapping.
    @Test func intervalWrapsAroundInsteadOfTrapping() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 458) { Observable<UInt8>.interval(.seconds(1), scheduler: scheduler) }
        #expect(res.events.count == 257)
        #expect(Array(res.events.suffix(2)) == [.next(456, 255), .next(457, 0)])
    }
}
