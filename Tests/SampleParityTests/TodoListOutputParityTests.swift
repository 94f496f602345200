import ParityHarness
import ParityTesting
import RxKitTest
import Testing
import TodoListSample

/// The to-do view models' outputs, event by event, in the Rx, Combine and mixed styles: the list (as
/// item ids), the banner, and every cell's title and checkbox.
@Suite struct TodoListOutputParityTests {
    private static func record(_ style: ParityStyle) -> TodoListOutputs {
        TodoListSession.recordOutputs(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    @Test func outputsMatchEventByEvent() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "todo-list: cells", rx: rx.cells, combine: combine.cells, mixed: mixed.cells)
        Parity.expect(recorded: "todo-list: errorMessage", rx: rx.errorMessage, combine: combine.errorMessage, mixed: mixed.errorMessage)
        Parity.expect(recorded: "todo-list: titles", rx: rx.titles, combine: combine.titles, mixed: mixed.titles)
        Parity.expect(recorded: "todo-list: checks", rx: rx.checks, combine: combine.checks, mixed: mixed.checks)
        #expect(rx.cells.values.last == [2])  // "Milk" (1) and "Taxes" (3) deleted; "Dad" (2) stays
        #expect(rx.titles.values.contains("#2 Dad"))
    }
}
