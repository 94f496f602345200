import CombineKit
import RxCombineBridge
import RxKit
import RxKitTest
import ParityHarness
import Testing
import TodoListSample

/// A to-do screen of one style on an RxKitTest clock (1 tick = 1 ms), with weak handles on the parts
/// that must go away. It is made inside `SharingScheduler.mock(scheduler:)` with that clock, so the Rx
/// view model's Drivers deliver in virtual time.
private final class TodoHarness {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let store: TodoStore
    var screen: TodoListScreen?
    weak var weakScreen: AnyObject?
    weak var weakViewModel: AnyObject?

    init(_ style: ParityStyle, items: [TodoItem] = TodoListSession.seed) {
        store = TodoListSession.makeStore(style, scheduler: scheduler, items: items)
        let recorder = DisplayRecorder<TodoScreen>(now: SessionClock(scheduler).now, render: \.description)
        var screen: TodoListScreen?
        SharingScheduler.mock(scheduler: scheduler) { screen = makeScreen(style, recorder: recorder) }
        self.screen = screen
        weakScreen = screen
    }

    private func makeScreen(_ style: ParityStyle, recorder: DisplayRecorder<TodoScreen>) -> TodoListScreen {
        let screen: TodoListScreen
        switch style {
        case .rx:
            let viewModel = RxTodoListViewModel(service: RxTodoService(store: store))
            weakViewModel = viewModel
            screen = RxTodoListView(viewModel: viewModel, recorder: recorder)
        case .combine:
            let viewModel = CombineTodoListViewModel(service: CombineTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            weakViewModel = viewModel
            screen = CombineTodoListView(viewModel: viewModel, recorder: recorder)
        case .mixed:
            let viewModel = MixedTodoListViewModel(service: RxTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            weakViewModel = viewModel
            screen = CombineTodoListView(viewModel: viewModel, recorder: recorder)
        }
        return screen
    }

    /// Does `action` at `time` ms and runs the clock to `time + 500`.
    func at(_ time: Int, _ action: @escaping (TodoListScreen) -> Void) {
        scheduler.scheduleAt(time) { [weak self] in
            if let screen = self?.screen { action(screen) }
        }
        scheduler.advanceTo(time + 500)
    }

    var shown: String? { screen?.recorder.current?.description }
}

@Suite("TodoList view models")
struct TodoListViewModelTests {
    @Test("an empty store shows an empty list, then the first item added", arguments: ParityStyle.allCases)
    func emptyStore(style: ParityStyle) {
        let harness = TodoHarness(style, items: [])
        harness.scheduler.advanceTo(100)
        #expect(harness.shown == "(empty)")
        harness.at(1_000) { $0.tapAdd(title: "First") }
        #expect(harness.shown == "First")
        #expect(harness.screen?.cellViewsCreated == 1)
    }

    @Test("store errors show a banner and change nothing; the next success clears it", arguments: ParityStyle.allCases)
    func errors(style: ParityStyle) {
        let harness = TodoHarness(style)
        harness.at(1_000) { $0.editTitle(id: 9, to: "Nope") }
        #expect(harness.shown == "Milk, Mom ! item 9 is gone")
        harness.at(2_000) { $0.editTitle(id: 1, to: "") }
        #expect(harness.shown == "Milk, Mom ! needs a title")
        harness.store.writeFailure = .unavailable
        harness.at(3_000) { $0.tapCheckbox(id: 1) }
        #expect(harness.shown == "Milk, Mom ! offline, not saved")
        harness.store.writeFailure = nil
        harness.at(4_000) { $0.tapCheckbox(id: 1) }
        #expect(harness.shown == "Milk✓, Mom")
    }

    @Test("renames and toggles keep the cell view (and so its view model); removal and re-adding make new ones",
          arguments: ParityStyle.allCases)
    func stableCells(style: ParityStyle) {
        let harness = TodoHarness(style)
        harness.at(1_000) { $0.editTitle(id: 1, to: "Oat milk") }
        harness.at(2_000) { $0.tapCheckbox(id: 2) }
        #expect(harness.shown == "Oat milk, Mom✓")
        #expect(harness.screen?.cellViewsCreated == 2)
        harness.at(3_000) { $0.swipeToDelete(id: 1) }
        harness.at(4_000) { $0.tapAdd(title: "Oat milk") }
        #expect(harness.shown == "Mom✓, Oat milk")
        #expect(harness.screen?.cellViewsCreated == 3)
    }

    @Test("the view and the view model go away with the screen, and the store observation ends",
          arguments: ParityStyle.allCases)
    func noLeaks(style: ParityStyle) {
        let harness = TodoHarness(style)
        harness.at(1_000) { $0.tapAdd(title: "Write report") }
        #expect(harness.store.observerCount == 1)
        harness.screen = nil
        #expect(harness.weakScreen == nil)
        #expect(harness.weakViewModel == nil)
        #expect(harness.store.observerCount == 0)
    }

    @Test("the Rx and the mixed style release every RxKit resource they made", arguments: [ParityStyle.rx, .mixed])
    func rxResourcesReleased(style: ParityStyle) {
        let live = Resources.measure {
            let harness = TodoHarness(style)
            harness.at(1_000) { $0.tapAdd(title: "Write report") }
            harness.at(2_000) { $0.tapCheckbox(id: 3) }
            harness.screen = nil
        }
        #expect(live == 0)
    }

    @Test("StableCells reuses a cell for an item that is removed and inserted in one difference")
    func stableCellsApply() {
        final class Cell {
            var item: TodoItem
            init(_ item: TodoItem) { self.item = item }
        }
        let old = [TodoItem(id: 1, title: "A"), TodoItem(id: 2, title: "B")]
        let cells = old.map(Cell.init)
        let new = [TodoItem(id: 2, title: "B2"), TodoItem(id: 3, title: "C")]
        let result = StableCells.apply(new.difference(from: old), to: cells, make: Cell.init, update: { $0.item = $1 })
        #expect(result.map(\.item) == new)
        #expect(result[0] === cells[1])
        #expect(result[1] !== cells[0])
    }
}
