import RxKit
import RxKitTest
import SampleSupport
import Testing

@Suite struct SampleSupportTests {
    private func run(_ style: SampleStyle, _ events: [(Int, String)]) -> StyleRun {
        StyleRun(style: style, timeline: DisplayTimeline(events.map { DisplayEvent(time: $0.0, text: $0.1) }))
    }

    @Test func equalTimelinesAreIdentical() {
        let events = [(0, "empty"), (100, "a")]
        let verdict = ParityVerdict([run(.rx, events), run(.combine, events), run(.mixed, events)])
        #expect(verdict == .identical)
        #expect(verdict.passed)
    }

    @Test func aDifferentTimeIsADifference() {
        let verdict = ParityVerdict([run(.rx, [(0, "empty"), (100, "a")]), run(.combine, [(0, "empty"), (101, "a")])])
        #expect(!verdict.passed)
        guard case .different(let lines) = verdict else { Issue.record("expected a difference"); return }
        #expect(lines == [
            "Combine differs from Rx at event #2: Rx shows \"t=100ms  a\", Combine shows \"t=101ms  a\"",
        ])
    }

    @Test func aMissingEventIsADifference() {
        let verdict = ParityVerdict([run(.rx, [(0, "empty")]), run(.mixed, [(0, "empty"), (5, "extra")])])
        #expect(verdict == .different([
            "Mixed differs from Rx at event #2: Rx shows \"(nothing)\", Mixed shows \"t=5ms  extra\"",
        ]))
    }

    @Test func sideBySideAlignsByTimeAndMarksDisagreement() {
        let text = SideBySide.render([
            ("user", DisplayTimeline([DisplayEvent(time: 0, text: "open")])),
            ("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "empty"), DisplayEvent(time: 0, text: "busy"),
                                    DisplayEvent(time: 250, text: "done")])),
            ("Combine", DisplayTimeline([DisplayEvent(time: 0, text: "empty"), DisplayEvent(time: 0, text: "busy"),
                                         DisplayEvent(time: 250, text: "a very long display state indeed")])),
        ], columnWidth: 10, compared: 1..<3)
        #expect(text.split(separator: "\n").map(String.init) == [
            "  t (ms) | user       | Rx         | Combine",
            "------------------------------------------------",
            "       0 | open       | empty      | empty",
            "       0 |            | busy       | busy",
            "!    250 |            | done       | a very lo…",
        ])
    }

    @Test func actionsPrintBeforeTheRowsOfTheirTime() {
        let text = SideBySide.render(
            [("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "a"), DisplayEvent(time: 20, text: "b")]))],
            columnWidth: 3,
            actions: DisplayTimeline([DisplayEvent(time: 10, text: "tap"), DisplayEvent(time: 20, text: "tap again"),
                                      DisplayEvent(time: 30, text: "leave")]))
        #expect(text.split(separator: "\n").map(String.init) == [
            "  t (ms) | Rx",
            "--------------",
            "       0 | a",
            "      10 > tap",
            "      20 > tap again",
            "      20 | b",
            "      30 > leave",
        ])
    }

    @Test func columnsShrinkToTheirLongestCell() {
        let text = SideBySide.render([("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "abc")]))], columnWidth: 30)
        #expect(text.split(separator: "\n").map(String.init) == ["  t (ms) | Rx", "---------------", "       0 | abc"])
    }

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

    @Test func sessionStopsAtItsDurationLeavingLaterWorkQueued() {
        let scheduler = HistoricalScheduler()
        var ran = false
        _ = scheduler.scheduleRelative((), dueTime: .seconds(5)) { _ in ran = true; return Disposables.create() }
        ScriptedSession<Void>([], runUntil: 1_000).play(on: scheduler, target: ())
        #expect(!ran)
        #expect(SessionClock(scheduler).now() == 0)
        #expect(scheduler.now.timeIntervalSince1970 == 1)
    }

    @Test func reportHasHeadingColumnsAndVerdict() {
        let sample = SampleRun(feature: "demo", summary: "a test", script: DisplayTimeline([DisplayEvent(time: 0, text: "go")]),
                               runs: [run(.rx, [(0, "x")]), run(.combine, [(0, "y")])], notes: ["n"])
        let report = sample.report(columnWidth: 4)
        #expect(report.hasPrefix("== demo: a test\n"))
        #expect(report.contains("\n       0 > go\n!      0 | x    | y\n"))
        #expect(report.contains("note: n"))
        #expect(report.hasSuffix("PARITY: DIFFERENT\n  - Combine differs from Rx at event #1: Rx shows \"t=0ms  x\", Combine shows \"t=0ms  y\""))
        #expect(sample.timeline(.combine)?.texts == ["y"])
        #expect(sample.timeline(.mixed) == nil)
    }
}
