import LocationSearchSample
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Rx, Combine and mixed search screens show the same thing at the same virtual times, and send the
/// geocoder the same queries, for the scripted session (one `TestScheduler`, 1 tick = 1 ms).
@Suite struct LocationSearchParityTests {
    private static func play(_ style: ParityStyle) -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        LocationSearchDemo.play(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func rxTimelineIsTheExpectedOne() {
        let run = Self.play(.rx)
        // "Lon" goes out at once (throttle's first value), "Lond" is dropped, "London" goes out when the
        // 500 ms window ends and cancels "Lon" (whose results never show); "London " is a duplicate.
        #expect(run.requests == ["London", "Atlantis", "Paris"])
        #expect(run.frames == DisplayTimeline([
            DisplayEvent(time: 0, text: "no results"),
            DisplayEvent(time: 1_000, text: "searching…"),
            DisplayEvent(time: 2_200, text: "London GB, London CA +1"),
            DisplayEvent(time: 3_000, text: "no results"),
            DisplayEvent(time: 3_500, text: "searching…"),
            DisplayEvent(time: 4_200, text: "no results"),
            DisplayEvent(time: 4_500, text: "searching…"),
            DisplayEvent(time: 5_200, text: "ERR geocoder unavailable"),
        ]))
    }

    @Test(arguments: [ParityStyle.combine, .mixed])
    func styleMatchesRx(_ style: ParityStyle) {
        let rx = Self.play(.rx)
        let other = Self.play(style)
        #expect(other.frames == rx.frames)
        #expect(other.transitions == rx.transitions)
        #expect(other.requests == rx.requests)
    }

    @Test func demoRunIsAtParity() {
        #expect(LocationSearchDemo.run().verdict == .identical)
    }
}
