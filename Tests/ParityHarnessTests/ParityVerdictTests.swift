import RxKit
import RxKitTest
import ParityHarness
import Testing

@Suite struct ParityVerdictTests {
    private func run(_ style: ParityStyle, _ events: [(Int, String)]) -> StyleRun {
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
}
