import Testing
import ParityHarness
import TodoListSample

@Suite("TodoList parity")
struct TodoListParityTests {
    /// The display timeline every style must produce for the scripted session (latency 0.2 s). The
    /// view binds before the first change has hopped to the UI scheduler, so it shows "(empty)" first;
    /// at 6.2 s the list update and the cleared banner arrive as two hops, the list first.
    static let expected: [(Int, String)] = [
        (0, "(empty)"),
        (0, "Milk, Mom"),
        (1_200, "Milk, Mom, Taxes"),
        (2_200, "Milk✓, Mom, Taxes"),
        (3_200, "Milk✓, Dad, Taxes"),
        (4_200, "Milk✓, Dad, Taxes ! needs a title"),
        (5_200, "Milk✓, Dad, Taxes ! offline, not saved"),
        (6_200, "Milk✓, Dad ! offline, not saved"),
        (6_200, "Milk✓, Dad"),
        (7_200, "Milk, Dad"),
        (7_300, "Dad"),
    ]

    @Test("Rx, Combine and mixed display the same timeline", arguments: ParityStyle.allCases)
    func sameTimeline(style: ParityStyle) {
        let result = TodoListSession.run(style)
        #expect(result.timeline.events.map(\.time) == Self.expected.map(\.0))
        #expect(result.timeline.texts == Self.expected.map(\.1))
    }

    @Test("every style keeps one cell view model per item and ends its observation", arguments: ParityStyle.allCases)
    func stableCellsAndNoObservationLeft(style: ParityStyle) {
        let result = TodoListSession.run(style)
        #expect(result.cellViewsCreated == 3)  // two seeded items and "Taxes"; renames and toggles reuse
        #expect(result.observationsLeft == 0)
    }

    @Test("the demo's run gives the parity verdict identical")
    func demoVerdict() {
        let run = TodoListDemo.run()
        #expect(run.runs.map(\.style) == [.rx, .combine, .mixed])
        #expect(run.verdict == .identical)
    }
}
