import ParityHarness
import PostsSample
import RxKitTest
import Testing

/// Rx, CombineKit and mixed feed presenters make the passive screen show the same thing at the same
/// virtual times, and send the backend the same requests (one `TestScheduler`, 1 tick = 1 ms).
@Suite struct PostsFeedParityTests {
    private static func play(_ style: ParityStyle) -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        PostsFeedDemo.play(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func rxTimelineIsTheExpectedOne() {
        let run = Self.play(.rx)
        #expect(run.frames == DisplayTimeline([
            DisplayEvent(time: 0, text: "no posts, loading…"),
            DisplayEvent(time: 500, text: "3 posts"),
            DisplayEvent(time: 1_000, text: "3 posts, loading…"),
            DisplayEvent(time: 1_300, text: "3 posts, ! You're offline"),
            DisplayEvent(time: 2_000, text: "3 posts, loading…, ! You're offline"),
            DisplayEvent(time: 2_500, text: "3 posts"),
            DisplayEvent(time: 3_000, text: "3 posts, loading…"),
            DisplayEvent(time: 3_300, text: "3 posts, ! You're offline"),
            DisplayEvent(time: 4_000, text: "3 posts, loading…, ! You're offline"),
            DisplayEvent(time: 4_600, text: "3 posts"),
        ]))
        // The refresh at 4000 is cancelled at 4100, before its posts request answers at 4300.
        let online = ["posts", "details 1", "details 2", "details 3"]
        #expect(run.requests == online + ["posts"] + online + ["posts"] + online)
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
        #expect(PostsFeedDemo.run().verdict == .identical)
    }
}
