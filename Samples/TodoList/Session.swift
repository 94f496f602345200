import Foundation
import RxCombineBridge
import RxKit

/// The three ways the sample is written.
public enum TodoListStyle: String, CaseIterable, Sendable {
    /// RxKit service, RxKit view model, Rx view.
    case rx = "Rx"
    /// CombineKit service, CombineKit view model, Combine view.
    case combine = "Combine"
    /// RxKit service, CombineKit view model and view, joined by the bridge.
    case mixed = "Mixed"
}

/// What one run of the scripted session produced.
public struct TodoListSessionResult {
    /// What the screen displayed, per instant.
    public let timeline: [DisplayRecorder<TodoScreen>.Entry]
    /// How many cell view models (and so cell views) were made during the session.
    public let cellViewsCreated: Int
    /// Observations still registered with the store after the screen went away (should be 0).
    public let observationsLeft: Int
}

/// The scripted user session of the to-do sample, in virtual time.
public enum TodoListSession {
    /// The items the store starts with.
    public static let seed = [TodoItem(id: 1, title: "Buy milk"), TodoItem(id: 2, title: "Call mom")]
    /// The store's latency in seconds.
    public static let latency = 0.2

    /// One user step: when (seconds after the screen opens), what, and how.
    public struct Step {
        /// Seconds after the screen opened.
        public let at: Double
        /// What the user does, in words.
        public let description: String
        /// Does it.
        public let perform: (TodoListScreen, TodoStore) -> Void
    }

    /// The session: add, toggle, rename, an invalid title, a failed save while offline, the retry
    /// once online, and two actions in quick succession.
    public static var script: [Step] { [
        Step(at: 1.0, description: "add \"Write report\"") { screen, _ in screen.tapAdd(title: "Write report") },
        Step(at: 2.0, description: "tick \"Buy milk\"") { screen, _ in screen.tapCheckbox(id: 1) },
        Step(at: 3.0, description: "rename \"Call mom\" to \"Call dad\"") { screen, _ in screen.editTitle(id: 2, to: "Call dad") },
        Step(at: 4.0, description: "add a blank title") { screen, _ in screen.tapAdd(title: "   ") },
        Step(at: 5.0, description: "go offline, delete \"Write report\"") { screen, store in
            store.writeFailure = .unavailable
            screen.swipeToDelete(id: 3)
        },
        Step(at: 6.0, description: "back online, delete it again") { screen, store in
            store.writeFailure = nil
            screen.swipeToDelete(id: 3)
        },
        Step(at: 7.0, description: "untick \"Buy milk\"") { screen, _ in screen.tapCheckbox(id: 1) },
        Step(at: 7.1, description: "delete \"Buy milk\"") { screen, _ in screen.swipeToDelete(id: 1) },
    ] }

    /// A store for `style` whose latency runs on `scheduler` (through the style's own scheduler type).
    public static func makeStore(_ style: TodoListStyle, scheduler: SchedulerType, items: [TodoItem] = seed) -> TodoStore {
        switch style {
        case .rx, .mixed:
            return TodoStore(items: items, latency: latency, delaying: RxTodoDelaying(scheduler: scheduler))
        case .combine:
            return TodoStore(items: items, latency: latency, delaying: CombineTodoDelaying(scheduler: scheduler.asCombineScheduler()))
        }
    }

    /// The screen of `style` over `store`, its view model delivering on `scheduler`.
    public static func makeScreen(_ style: TodoListStyle, store: TodoStore, scheduler: SchedulerType,
                                  recorder: DisplayRecorder<TodoScreen>) -> TodoListScreen {
        switch style {
        case .rx:
            let viewModel = RxTodoListViewModel(service: RxTodoService(store: store), scheduler: scheduler)
            return RxTodoListView(viewModel: viewModel, recorder: recorder)
        case .combine:
            let viewModel = CombineTodoListViewModel(service: CombineTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            return CombineTodoListView(viewModel: viewModel, recorder: recorder)
        case .mixed:
            let viewModel = MixedTodoListViewModel(service: RxTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            return CombineTodoListView(viewModel: viewModel, recorder: recorder)
        }
    }

    /// Runs the script against `style` on a fresh virtual clock and closes the screen at the end.
    public static func run(_ style: TodoListStyle) -> TodoListSessionResult {
        let scheduler = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        let store = makeStore(style, scheduler: scheduler)
        let recorder = DisplayRecorder<TodoScreen>(clock: { scheduler.now.timeIntervalSince1970 })
        var screen: TodoListScreen? = makeScreen(style, store: store, scheduler: scheduler, recorder: recorder)
        for step in script {
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(Int((step.at * 1_000).rounded()))) { _ in
                if let screen { step.perform(screen, store) }
                return Disposables.create()
            }
        }
        scheduler.start()
        let cellViewsCreated = screen?.cellViewsCreated ?? 0
        screen = nil
        return TodoListSessionResult(timeline: recorder.entries, cellViewsCreated: cellViewsCreated,
                                     observationsLeft: store.observerCount)
    }
}
