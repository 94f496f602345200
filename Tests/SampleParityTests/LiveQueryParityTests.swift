import LiveQuerySample
import ParityHarness
import Testing

@Suite("LiveQuery parity")
struct LiveQueryParityTests {
    /// The display timeline every style must produce for the scripted session (first results 0.3 s
    /// after each new observation).
    static let expected: [(Int, String)] = [
        (0, "All: loading…"),
        (300, "All: Ann*, Bob*, Cy"),
        (1_000, "All: Ann*, Bob*, Cy, Dee*"),
        (2_000, "All: Ann, Bob*, Cy, Dee*"),
        (3_000, "Unread: loading…"),
        (3_300, "Unread: Bob*, Dee*"),
        (4_000, "Unread: Dee*"),
        (5_000, "Unread: ! sync lost [Retry]"),
        (6_000, "Unread: loading…"),
        (6_300, "Unread: Dee*"),
        (7_000, "Unread: closed"),
    ]

    @Test("Rx, Combine and mixed display the same timeline", arguments: ParityStyle.allCases)
    func sameTimeline(style: ParityStyle) {
        let result = LiveQuerySession.run(style)
        #expect(result.timeline.events.map(\.time) == Self.expected.map(\.0))
        #expect(result.timeline.texts == Self.expected.map(\.1))
    }

    @Test("every style opens three observations and invalidates all of them", arguments: ParityStyle.allCases)
    func everyTokenInvalidated(style: ParityStyle) {
        let result = LiveQuerySession.run(style)
        #expect(result.tokensIssued == 3)  // All at 0 s, Unread at 3 s, Unread again on Retry at 6 s
        #expect(result.tokensLeft == 0)
    }

    @Test("the demo's run gives the parity verdict identical")
    func demoVerdict() {
        let run = LiveQueryDemo.run()
        #expect(run.feature == LiveQueryDemo.name)
        #expect(run.runs.map(\.style) == [.rx, .combine, .mixed])
        #expect(run.verdict == .identical)
    }
}
