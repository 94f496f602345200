import CurrencySample
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Rx, Combine and mixed currency screens show the same thing at the same virtual times for the
/// scripted session. One `TestScheduler` (1 tick = 1 ms, no processing delay) drives each run; the
/// Combine code sees it through `asCombineScheduler()`.
@Suite struct CurrencyParityTests {
    private static func play(_ style: ParityStyle) -> (frames: DisplayTimeline, transitions: DisplayTimeline) {
        CurrencyDemo.play(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    private static let rates = "CHF 0.92 EUR 0.94 +2"

    @Test func rxTimelineIsTheExpectedOne() {
        #expect(Self.play(.rx).frames == DisplayTimeline([
            DisplayEvent(time: 0, text: "no rates"),
            DisplayEvent(time: 300, text: Self.rates),
            DisplayEvent(time: 1_300, text: "ERR rates.json is malformed; 4 kept"),
            DisplayEvent(time: 2_400, text: Self.rates),
            DisplayEvent(time: 3_300, text: "ERR rates.json is missing; 4 kept"),
        ]))
    }

    @Test(arguments: [ParityStyle.combine, .mixed])
    func styleMatchesRx(_ style: ParityStyle) {
        let (frames, transitions) = Self.play(style)
        #expect(frames == Self.play(.rx).frames)
        #expect(transitions == Self.play(.rx).transitions)  // in-between states within an instant too
    }

    @Test func demoRunIsAtParity() {
        let run = CurrencyDemo.run()
        #expect(run.verdict == .identical)
        #expect(run.runs.map(\.style) == [.rx, .combine, .mixed])
        #expect(run.timeline(.rx) == Self.play(.rx).frames)
    }
}
