import CombineKit
import Testing

@Suite struct DemandTests {
    typealias Demand = Subscribers.Demand

    @Test func unlimitedSaturatesAddition() {
        #expect(Demand.unlimited + .max(1) == .unlimited)
        #expect(Demand.max(1) + .unlimited == .unlimited)
        #expect(Demand.unlimited + 5 == .unlimited)
        #expect(Demand.max(Int.max) + 1 == .unlimited)
        #expect(Demand.max(2) + .max(3) == .max(5))
    }

    // Apple: "When subtracting any value (including .unlimited) from .unlimited, the result is still .unlimited.
    // Subtracting .unlimited from any demand other than .unlimited results in .max(0)." Negative results clamp.
    @Test func subtractionClampsAtNoneAndUnlimitedStaysUnlimited() {
        #expect(Demand.unlimited - .unlimited == .unlimited)
        #expect(Demand.unlimited - 10 == .unlimited)
        #expect(Demand.max(3) - .unlimited == .none)
        #expect(Demand.max(3) - .max(5) == .none)
        #expect(Demand.max(3) - 5 == .none)
        #expect(Demand.max(5) - 3 == .max(2))
        var demand = Demand.max(1)
        demand -= 1
        demand -= 1
        #expect(demand == .none)
    }

    // Combine: a subtraction of a number that overflows gives `.none` (OpenCombine SubscribersDemandTests.testSubtraction).
    @Test func subtractionThatOverflowsIsNone() {
        #expect(Demand.max(Int.max) - (-1) == .none)
        var demand = Demand.max(Int.max)
        demand -= -1
        #expect(demand == .none)
        #expect(Demand.max(3) - (-2) == .max(5))
    }

    @Test func multiplicationSaturates() {
        #expect(Demand.max(3) * 4 == .max(12))
        #expect(Demand.unlimited * 0 == .unlimited)
        #expect(Demand.max(Int.max) * 2 == .unlimited)
    }

    @Test func comparisonsTreatUnlimitedAsGreatest() {
        #expect(Demand.unlimited > 1_000_000)
        #expect(!(Demand.unlimited < 5))
        #expect(Demand.max(1) > 0)
        #expect(!(Demand.none > 0))
        #expect(Demand.max(3) < .unlimited)
        #expect(Demand.unlimited <= .unlimited)
        #expect(!(Demand.unlimited < .unlimited))
        #expect(Demand.max(2) == 2)
        #expect(Demand.unlimited != Int.max)
        #expect(5 < Demand.unlimited)
        #expect(Demand.max(4).max == 4)
        #expect(Demand.unlimited.max == nil)
    }

    @Test func descriptionMatchesCombine() {
        #expect(Demand.unlimited.description == "unlimited")
        #expect(Demand.max(3).description == "max(3)")
        #expect(Demand.none.description == "max(0)")
    }

    @Test func codableRoundTrip() throws {
        let encoded = try JSONEncoder().encode([Demand.max(7), .unlimited])
        #expect(try JSONDecoder().decode([Demand].self, from: encoded) == [.max(7), .unlimited])
    }

    @Test func negativeMaxIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Subscribers.Demand.max(-1)
        }
    }

    @Test func requestingNoneIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            Just(1).subscribe(AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.none) }))
        }
    }
}

import Foundation
