import PostsSample
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Rx-fed, CombineKit-fed and mixed posts presenters make the declarative view show the same thing at
/// the same virtual times, and send the backend the same requests (one `TestScheduler`, 1 tick = 1 ms).
@Suite struct PostsParityTests {
    private static func play(_ style: ParityStyle) -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        PostsDemo.play(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func rxTimelineIsTheExpectedOne() {
        let run = Self.play(.rx)
        #expect(run.frames == DisplayTimeline([
            DisplayEvent(time: 0, text: "loading…"),
            DisplayEvent(time: 500, text: "3 posts: Hello, Combine…"),
            DisplayEvent(time: 1_000, text: "loading…"),
            DisplayEvent(time: 1_300, text: "offline, 3 saved posts"),
            DisplayEvent(time: 2_000, text: "loading…"),
            DisplayEvent(time: 2_300, text: "[Retry] You're offline"),
            DisplayEvent(time: 3_000, text: "loading…"),
            DisplayEvent(time: 3_500, text: "3 posts: Hello, Combine…"),
            DisplayEvent(time: 4_000, text: "loading…"),
            DisplayEvent(time: 4_300, text: "offline, 3 saved posts"),
        ]))
        let online = ["posts", "details 1", "details 2", "details 3"]
        #expect(run.requests == online + ["posts", "posts"] + online + ["posts"])
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
        #expect(PostsDemo.run().verdict == .identical)
    }
}
