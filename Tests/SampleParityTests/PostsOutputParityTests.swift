import ParityHarness
import ParityTesting
import PostsSample
import RxKitTest
import Testing

/// The posts presenters' `state`, event by event (every post and its details, not just what the screen
/// renders), in the Rx, Combine and mixed styles, across the session's launches. Every style's presenter
/// is an `ObservableObject` with `@Published var state`, so each launch starts with the current value.
@Suite struct PostsOutputParityTests {
    private static func record(_ style: ParityStyle) -> PostsOutputs {
        PostsDemo.recordOutputs(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func stateMatchesEventByEvent() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "posts: state", rx: rx.state, combine: combine.state, mixed: mixed.state)
        // Three launches and two reloads each start with "loading" (not deduplicated).
        #expect(rx.state.values.filter { $0 == .loading }.count >= 5)
    }
}
