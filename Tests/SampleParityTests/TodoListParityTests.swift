import Testing
import TodoListSample

@Suite("TodoList parity")
struct TodoListParityTests {
    /// The display timeline every style must produce for the scripted session (latency 0.2 s).
    static let expected: [(Int, String)] = [
        (0, "[ ] Buy milk, [ ] Call mom"),
        (1_200, "[ ] Buy milk, [ ] Call mom, [ ] Write report"),
        (2_200, "[x] Buy milk, [ ] Call mom, [ ] Write report"),
        (3_200, "[x] Buy milk, [ ] Call dad, [ ] Write report"),
        (4_200, "[x] Buy milk, [ ] Call dad, [ ] Write report  ! A to-do needs a title"),
        (5_200, "[x] Buy milk, [ ] Call dad, [ ] Write report  ! Could not save, try again later"),
        (6_200, "[x] Buy milk, [ ] Call dad"),
        (7_200, "[ ] Buy milk, [ ] Call dad"),
        (7_300, "[ ] Call dad"),
    ]

    @Test("Rx, Combine and mixed display the same timeline", arguments: TodoListStyle.allCases)
    func sameTimeline(style: TodoListStyle) {
        let result = TodoListSession.run(style)
        let timeline = result.timeline.map { ($0.milliseconds, $0.state.description) }
        #expect(timeline.map(\.0) == Self.expected.map(\.0))
        #expect(timeline.map(\.1) == Self.expected.map(\.1))
    }

    @Test("every style keeps one cell view model per item and ends its observation", arguments: TodoListStyle.allCases)
    func stableCellsAndNoObservationLeft(style: TodoListStyle) {
        let result = TodoListSession.run(style)
        #expect(result.cellViewsCreated == 3)  // two seeded items and "Write report"; renames and toggles reuse
        #expect(result.observationsLeft == 0)
    }

    @Test("the three styles agree with each other")
    func stylesAgree() {
        let rx = TodoListSession.run(.rx).timeline
        #expect(TodoListSession.run(.combine).timeline == rx)
        #expect(TodoListSession.run(.mixed).timeline == rx)
    }
}
