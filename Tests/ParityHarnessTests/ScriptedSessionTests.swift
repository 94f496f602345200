import RxKit
import RxKitTest
import ParityHarness
import Testing

@Suite struct ScriptedSessionTests {
    @Test func sessionStopsAtItsDurationLeavingLaterWorkQueued() {
        let scheduler = HistoricalScheduler()
        var ran = false
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in ran = true; return Disposables.create() }
        ScriptedSession<Void>([], runUntil: 1_000).play(on: scheduler, target: ())
        #expect(!ran)
        #expect(SessionClock(scheduler).now() == 0)
        #expect(scheduler.now.timeIntervalSince1970 == 1)
    }
}
