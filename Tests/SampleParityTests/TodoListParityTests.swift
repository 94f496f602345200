import Testing
import SampleSupport
import TodoListSample

@Suite("TodoList parity")
struct TodoListParityTests {
    /// The display timeline every style must produce for the scripted session (latency 0.2 s). The
    /// view binds before the first change has hopped to the UI scheduler, so it shows "(empty)" first;
    /// at 6.2 s the list update and the cleared banner arrive as two hops, the list first.
    static let expected: [(Int, String)] = [
        (0, "(empty)"),
        (0, "[ ] Buy milk, [ ] Call mom"),
        (1_200, "[ ] Buy milk, [ ] Call mom, [ ] Write report"),
        (2_200, "[x] Buy milk, [ ] Call mom, [ ] Write report"),
        (3_200, "[x] Buy milk, [ ] Call dad, [ ] Write report"),
        (4_200, "[x] Buy milk, [ ] Call dad, [ ] Write report  ! A to-do needs a title"),
        (5_200, "[x] Buy milk, [ ] Call dad, [ ] Write report  ! Could not save, try again later"),
        (6_200, "[x] Buy milk, [ ] Call dad  ! Could not save, try again later"),
        (6_200, "[x] Buy milk, [ ] Call dad"),
        (7_200, "[ ] Buy milk, [ ] Call dad"),
        (7_300, "[ ] Call dad"),
    ]

    @Test("Rx, Combine and mixed display the same timeline", arguments: SampleStyle.allCases)
    func sameTimeline(style: SampleStyle) {
        let result = TodoListSession.run(style)
        #expect(result.timeline.events.map(\.time) == Self.expected.map(\.0))
        #expect(result.timeline.texts == Self.expected.map(\.1))
    }

    @Test("every style keeps one cell view model per item and ends its observation", arguments: SampleStyle.allCases)
    func stableCellsAndNoObservationLeft(style: SampleStyle) {
        let result = TodoListSession.run(style)
        #expect(result.cellViewsCreated == 3)  // two seeded items and "Write report"; renames and toggles reuse
        #expect(result.observationsLeft == 0)
    }

    @Test("the demo's run gives the parity verdict identical")
    func demoVerdict() {
        let run = TodoListDemo.run()
        #expect(run.runs.map(\.style) == [.rx, .combine, .mixed])
        #expect(run.verdict == .identical)
    }
}
