import CombineKit
import CombineKitTest
import Testing

@Suite struct CombineTestSchedulerTests {
    @Test func runsActionsInTimeOrderWhenAdvanced() {
        let scheduler = CombineTestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.time(20)) { log.append("b@\(scheduler.clockTicks)") }
        scheduler.schedule(after: scheduler.time(10)) { log.append("a@\(scheduler.clockTicks)") }
        scheduler.schedule(after: scheduler.time(20)) { log.append("c@\(scheduler.clockTicks)") }
        scheduler.advance(to: 15)
        #expect(log == ["a@10"])
        #expect(scheduler.clockTicks == 15)
        scheduler.advance(by: 5)
        #expect(log == ["a@10", "b@20", "c@20"])
    }

    @Test func immediateScheduleWaitsForAdvance() {
        let scheduler = CombineTestScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        #expect(!ran)
        scheduler.advance()
        #expect(ran)
    }

    @Test func strideConvertsSecondsIntoTicksWithResolution() {
        let scheduler = CombineTestScheduler(resolution: 0.001)
        var firedAt: Int?
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { firedAt = scheduler.clockTicks }
        scheduler.run()
        #expect(firedAt == 2_000)
        #expect(scheduler.time(0).distance(to: scheduler.time(500)) == .milliseconds(500))
        #expect(scheduler.time(0).advanced(by: 0.25).ticks == 250)
    }

    @Test func repeatingActionsUntilCancelled() {
        let scheduler = CombineTestScheduler()
        var times: [Int] = []
        let cancellable = scheduler.schedule(after: scheduler.time(10), interval: .seconds(5)) { times.append(scheduler.clockTicks) }
        scheduler.advance(to: 21)
        cancellable.cancel()
        scheduler.advance(to: 100)
        #expect(times == [10, 15, 20])
    }
}
