import CombineKit
import ParityTesting
import RxKit
import Testing
import XCTest

@Suite struct ParityHarnessTests {
    let script = ParityScript<Int>.hot("plain", .value(210, 1), .value(220, 2), .finished(300))

    @Test func identicalPipelinesPass() {
        let report = Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } })
        #expect(report.passed)
        #expect(report.message.isEmpty)
        #expect(report.rx == ParityTimeline([.value(210, 2), .value(220, 3), .finished(300)]).subscribed([200]))
    }

    @Test func aDifferenceFailsAndMarksTheFirstDivergence() {
        let report = Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 2 } })
        #expect(!report.passed)
        #expect(report.problems == ["RxKit and CombineKit timelines differ."])
        let marked = report.message.split(separator: "\n").filter { $0.contains(">>") }
        #expect(marked.count == 2)
        #expect(marked.first?.contains("210 value(2)") == true && marked.first?.contains("210 value(3)") == true)
        #expect(report.message.contains("first divergence at row 0"))
    }

    @Test func aStatedTimelineIsCheckedOnBothSides() {
        let report = Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } }, .same(as: [.value(210, 2), .finished(300)]))
        #expect(report.problems.count == 2)
    }

    @Test func aDeclaredDifferencePassesOnlyWhilePinned() {
        let rx: ParityTimeline<Int> = [.value(210, 2), .value(220, 3), .finished(300)]
        let combine: ParityTimeline<Int> = [.value(210, 3), .value(220, 4), .finished(300)]
        let parity = Parity()
        #expect(parity.compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 2 } }, .difference("why", rx: rx, combine: combine)).passed)
        let changed = parity.compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 3 } }, .difference("why", rx: rx, combine: combine))
        #expect(changed.problems == ["CombineKit no longer does what the declaration pins: \(combine)."])
        let stale = parity.compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } }, .difference("why", rx: rx, combine: rx))
        #expect(stale.problems == ["The timelines are now equal: the expected difference declaration is stale; remove it."])
    }

    @Test func aKnownBugIsLabelledAsABug() {
        let report = Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } },
                                      .knownBug("CombineKit map adds 1", rx: [.finished(300)], combine: [.finished(300)]))
        #expect(report.description.contains("KNOWN BUG: CombineKit map adds 1"))
        #expect(report.problems.contains("The timelines are now equal: the known bug declaration is stale; remove it."))
    }

    @Test func inputSubscriptionsAreCompared() {
        let cold = ParityScript<Int>.cold("cold", .value(10, 1), .finished(20))
        let report = Parity().compare(cold, rx: { $0.concat($0) }, combine: { $0.map { $0 } })
        #expect(report.rx.subscriptions == [[200, 220]])
        #expect(report.combine.subscriptions == [[200]])
        #expect(!report.passed)
        #expect(report.message.contains("<< differ"))
    }

    // The harness runs RxKitTest's scheduler without RxTest's simulated processing delay, so work
    // scheduled for "now" runs at the same tick, as on CombineTestScheduler.
    @Test func rxWorkScheduledNowRunsAtTheSameTick() {
        let parity = Parity()
        let timeline = parity.runRx(script) { $0.flatMap { Observable.just($0, scheduler: parity.rxScheduler) } }
        #expect(timeline.records == [.value(210, 1), .value(220, 2), .finished(300)])
    }

    @Test func optionsMoveSubscriptionAndDisposal() {
        let parity = Parity(ParityOptions(createdAt: 100, subscribedAt: 215, disposedAt: 250))
        let report = parity.compare(script, rx: { $0 }, combine: { $0 })
        #expect(report.passed)
        #expect(report.rx.records == [.value(220, 2)])
    }

    @Test func theMixedPipelineIsHeldToTheRxTimeline() {
        let parity = Parity()
        let report = parity.compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } }, mixed: { $0.map { $0 + 5 } })
        #expect(report.problems == ["The mixed (bridged) pipeline differs from the RxKit timeline."])
        #expect(report.message.contains("mixed (bridge)"))
    }

    @Test func failuresCompareByName() {
        let failing = ParityScript<Int>.hot("fails", .failure(210, "boom"))
        let report = Parity().compare(failing, rx: { $0 }, combine: { $0 })
        #expect(report.passed)
        #expect(report.rx.records == [.failure(210, "boom")])
    }
}

/// The XCTest-facing API.
final class ParityXCTestTests: XCTestCase {
    func testXCTAssertParityAcceptsAPassingReport() {
        let script = ParityScript<Int>.hot("plain", .value(210, 1), .finished(300))
        XCTAssertParity(Parity().compare(script, rx: { $0.filter { $0 > 0 } }, combine: { $0.filter { $0 > 0 } }))
    }
}
