import CombineKit
import CombineKitTest
import Foundation
@testable import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct SchedulerAdapterTests {
    @Test func rxTestSchedulerDrivesCombineScheduling() {
        let rx = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let scheduler = rx.asCombineScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(30))) { log.append("late@\(rx.clock)") }
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(10))) { log.append("early@\(rx.clock)") }
        scheduler.schedule { log.append("now@\(rx.clock)") }
        rx.start()
        #expect(log == ["now@0", "early@10", "late@30"])
        #expect(scheduler.now.date == Date(timeIntervalSince1970: 30))
    }

    @Test func rxSchedulerPeriodicWorkStopsWhenCancelled() {
        let rx = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let scheduler = rx.asCombineScheduler()
        var ticks: [Int] = []
        let cancellable = scheduler.schedule(after: scheduler.now.advanced(by: .seconds(5)), interval: .seconds(5)) {
            ticks.append(rx.clock)
        }
        rx.scheduleAt(17) { cancellable.cancel() }
        rx.start()
        #expect(ticks == [5, 10, 15])
    }

    // MainScheduler.instance runs inline on the main queue; wrapped for Combine-style code it keeps that.
    @MainActor @Test func mainSchedulerSemanticsAvailableToCombineCode() {
        let scheduler = MainScheduler().asCombineScheduler()  // fresh: .instance is shared by parallel tests
        var ranInline = false
        scheduler.schedule { ranInline = true }
        #expect(ranInline)
    }

    @Test func combineTestSchedulerDrivesRxTimeOperators() {
        let combine = CombineTestScheduler()
        let scheduler = combine.asRxScheduler()
        var fired: [Int] = []
        _ = scheduler.scheduleRelative((), dueTime: .seconds(20)) { _ in
            fired.append(combine.clockTicks)
            return Disposables.create()
        }
        let cancelled = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in
            fired.append(-1)
            return Disposables.create()
        }
        cancelled.dispose()
        combine.advance(to: 25)
        #expect(fired == [20])
        #expect(scheduler.now == Date(timeIntervalSince1970: 25))
    }

    @Test func combineSchedulerPeriodicForRx() {
        let combine = CombineTestScheduler()
        let scheduler = combine.asRxScheduler()
        var states: [Int] = []
        let periodic = scheduler.schedulePeriodic(0, startAfter: .seconds(2), period: .seconds(3)) { state in
            states.append(state)
            return state + 1
        }
        combine.advance(to: 9)
        periodic.dispose()
        combine.advance(to: 30)
        #expect(states == [0, 1, 2])  // at 2, 5, 8
    }

    @Test func secondsInAStrideIsExactForWholeNanoseconds() {
        typealias Adapter = CombineSchedulerAdapter<CombineTestScheduler>
        #expect(Adapter.seconds(in: .seconds(3)) == 3)
        #expect(Adapter.seconds(in: .milliseconds(1_500)) == 1.5)
        #expect(Adapter.seconds(in: .nanoseconds(0)) == 0)
        #expect(Adapter.seconds(in: .nanoseconds(-250_000_000)) == -0.25)
    }

    @Test func oneVirtualClockDrivesAMixedPipeline() {
        // An Rx source on the Rx test scheduler, bridged, then observed on the same clock via the adapter.
        let rx = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let source = rx.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let subscriber = TestSubscriber<Int, Error>()
        let combineScheduler = rx.asCombineScheduler()
        var times: [Int] = []
        rx.scheduleAt(200) {
            source.asPublisher().subscribe(subscriber)
        }
        rx.scheduleAt(225) {
            combineScheduler.schedule { times.append(rx.clock) }
        }
        rx.start()
        #expect(subscriber.values == [1, 2])
        #expect(times == [225])
    }
}
