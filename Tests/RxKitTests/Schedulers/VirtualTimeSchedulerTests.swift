import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct VirtualTimeSchedulerTests {
    @Test func runsWorkInTimeOrderThenSchedulingOrder() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        var log: [String] = []
        scheduler.scheduleAt(20) { log.append("b@\(scheduler.clock)") }
        scheduler.scheduleAt(10) { log.append("a@\(scheduler.clock)") }
        scheduler.scheduleAt(20) { log.append("c@\(scheduler.clock)") }
        scheduler.start()
        #expect(log == ["a@10", "b@20", "c@20"])
    }

    @Test func processingDelayMovesImmediateWorkOneTick() {
        let scheduler = TestScheduler(initialClock: 0)
        var times: [Int] = []
        scheduler.scheduleAt(10) {
            _ = scheduler.schedule(()) { _ in
                times.append(scheduler.clock)
                return Disposables.create()
            }
        }
        scheduler.start()
        #expect(times == [11])
    }

    @Test func relativeTimeUsesTheResolution() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        var fired: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(250)) { _ in
            fired.append(scheduler.clock)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .seconds(1)) { _ in
            fired.append(scheduler.clock)
            return Disposables.create()
        }
        scheduler.start()
        #expect(fired == [250, 1_000])
        #expect(scheduler.now == Date(timeIntervalSince1970: 1))
    }

    @Test func advanceToRunsOnlyDueWorkAndDisposedWorkNeverRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(10) }
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(15)) { _ in
            log.append(15)
            return Disposables.create()
        }
        scheduler.scheduleAt(30) { log.append(30) }
        cancelled.dispose()
        scheduler.advanceTo(20)
        #expect(log == [10])
        #expect(scheduler.clock == 20)
        scheduler.start()
        #expect(log == [10, 30])
    }

    @Test func periodicSchedulingThreadsState() {
        let scheduler = TestScheduler(initialClock: 0)
        var ticks: [(Int, Int)] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(10), period: .seconds(5)) { state in
            ticks.append((scheduler.clock, state))
            return state + 1
        }
        scheduler.scheduleAt(26) { periodic.dispose() }
        scheduler.start()
        #expect(ticks.map(\.0) == [10, 15, 20, 25])
        #expect(ticks.map(\.1) == [0, 1, 2, 3])
    }

    @Test func stopEndsStart() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [Int] = []
        scheduler.scheduleAt(10) { log.append(10); scheduler.stop() }
        scheduler.scheduleAt(20) { log.append(20) }
        scheduler.start()
        #expect(log == [10])
        scheduler.start()
        #expect(log == [10, 20])
    }

    @Test func historicalSchedulerUsesDates() {
        let start = Date(timeIntervalSince1970: 1_000)
        let scheduler = HistoricalScheduler(initialClock: start)
        var fired: [Date] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(30)) { _ in
            fired.append(scheduler.now)
            return Disposables.create()
        }
        scheduler.start()
        #expect(fired == [start.addingTimeInterval(30)])
        scheduler.sleep(10)
        #expect(scheduler.clock == start.addingTimeInterval(40))
    }

    @Test func advancingBackwardsIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let scheduler = TestScheduler(initialClock: 100)
            scheduler.advanceTo(50)
        }
    }
}
