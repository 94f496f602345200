import RxKit
import RxKitTest
import ParityHarness
import Testing

@Suite struct FeatureRunTests {
    private func run(_ style: ParityStyle, _ events: [(Int, String)]) -> StyleRun {
        StyleRun(style: style, timeline: DisplayTimeline(events.map { DisplayEvent(time: $0.0, text: $0.1) }))
    }

    @Test func reportHasHeadingColumnsAndVerdict() {
        let sample = FeatureRun(feature: "demo", summary: "a test", script: DisplayTimeline([DisplayEvent(time: 0, text: "go")]),
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
