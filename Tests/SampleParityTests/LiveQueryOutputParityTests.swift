import LiveQuerySample
import ParityHarness
import ParityTesting
import RxKitTest
import Testing

/// The inbox view model's `state`, event by event, in the Rx, Combine and mixed styles.
@Suite struct LiveQueryOutputParityTests {
    private static func record(_ style: ParityStyle) -> LiveQueryOutputs {
        LiveQuerySession.recordOutputs(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func stateMatchesEventByEvent() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "live-query: state", rx: rx.state, combine: combine.state, mixed: mixed.state)
        #expect(rx.state.events.count >= 10)  // at least what the screen showed: ten frames
    }
}
