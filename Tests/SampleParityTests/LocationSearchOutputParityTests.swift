import LocationSearchSample
import ParityHarness
import ParityTesting
import RxKitTest
import Testing

/// The location search view model's outputs, event by event, in the Rx, Combine and mixed styles, for
/// the scripted session. Both styles publish an output only when it changes (Rx `distinctUntilChanged`,
/// the Combine view model compares before it sets), and both start with the empty state at 0 ms (the Rx
/// query Driver starts with the field's "", the Combine outputs are current-value publishers).
@Suite struct LocationSearchOutputParityTests {
    private static func record(_ style: ParityStyle) -> LocationSearchOutputs {
        LocationSearchDemo.recordOutputs(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    /// "Lon" goes out at once (throttle's first element), "London" at 1500 (latest after 500 ms); the
    /// geocoder takes 700 ms; "London " trims to a duplicate; "Atlantis" finds nothing; "Paris" fails.
    @Test func queryingFollowsEachRequest() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "search: querying", rx: rx.querying, combine: combine.querying, mixed: mixed.querying,
                      .same(as: [.value(0, false), .value(1_000, true), .value(2_200, false), .value(3_500, true),
                                 .value(4_200, false), .value(4_500, true), .value(5_200, false)]))
    }

    @Test func locationsAndErrorMessageMatch() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "search: locations", rx: rx.locations, combine: combine.locations, mixed: mixed.locations)
        Parity.expect(recorded: "search: errorMessage", rx: rx.errorMessage, combine: combine.errorMessage, mixed: mixed.errorMessage)
    }
}
