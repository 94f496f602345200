import RxKit
import RxKitTest
import ParityHarness
import Testing

@Suite struct DisplayRecorderTests {
    @Test func recorderSkipsRepeatsAndStampsVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let clock = SessionClock(scheduler)
        let recorder = DisplayRecorder<Int>(now: clock.now, render: { "n=\($0)" })
        let session = ScriptedSession<DisplayRecorder<Int>>([
            .init(at: 0, "one") { $0.record(1) },
            .init(at: 150, "one again") { $0.record(1) },
            .init(at: 1_500, "two") { $0.record(2) },
        ], runUntil: 2_000)
        session.play(on: scheduler, target: recorder)
        #expect(recorder.timeline == DisplayTimeline([DisplayEvent(time: 0, text: "n=1"), DisplayEvent(time: 1_500, text: "n=2")]))
        #expect(scheduler.clock == 2_000)
        #expect(session.timeline.texts == ["one", "one again", "two"])
    }

    @Test func framesKeepTheLastStatePerInstantAndDropLookalikes() {
        var time = 0
        let recorder = DisplayRecorder<Int>(now: { time }, render: { $0 >= 10 ? "big" : "n=\($0)" })
        recorder.record(1)
        recorder.record(2)  // replaces 1 within the instant
        time = 5
        recorder.record(10)
        time = 7
        recorder.record(11)  // renders like 10
        #expect(recorder.frames == DisplayTimeline([DisplayEvent(time: 0, text: "n=2"), DisplayEvent(time: 5, text: "big")]))
        #expect(recorder.timeline.events.count == 4)
    }
}
