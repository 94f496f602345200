import Foundation
import RxCombineBridge
import RxKit
import ParityHarness

/// What the scripted session acts on: the screen, and the store (to take it offline).
public struct TodoListSessionTarget {
    /// The headless screen the user taps.
    public let screen: TodoListScreen
    /// The store behind it.
    public let store: TodoStore
}

/// The scripted user session of the to-do sample, in virtual time.
public enum TodoListSession {
    /// The items the store starts with.
    public static let seed = [TodoItem(id: 1, title: "Milk"), TodoItem(id: 2, title: "Mom")]
    /// The store's latency in seconds.
    public static let latency = 0.2

    /// The session: add, toggle, rename, an invalid title, a failed save while offline, the retry
    /// once online, and two actions in quick succession.
    public static var script: ScriptedSession<TodoListSessionTarget> {
        ScriptedSession([
            .init(at: 1_000, "add \"Taxes\"") { $0.screen.tapAdd(title: "Taxes") },
            .init(at: 2_000, "tick \"Milk\"") { $0.screen.tapCheckbox(id: 1) },
            .init(at: 3_000, "rename \"Mom\" to \"Dad\"") { $0.screen.editTitle(id: 2, to: "Dad") },
            .init(at: 4_000, "add a blank title") { $0.screen.tapAdd(title: "   ") },
            .init(at: 5_000, "offline; delete \"Taxes\"") {
                $0.store.writeFailure = .unavailable
                $0.screen.swipeToDelete(id: 3)
            },
            .init(at: 6_000, "online; delete it again") {
                $0.store.writeFailure = nil
                $0.screen.swipeToDelete(id: 3)
            },
            .init(at: 7_000, "untick \"Milk\"") { $0.screen.tapCheckbox(id: 1) },
            .init(at: 7_100, "delete \"Milk\"") { $0.screen.swipeToDelete(id: 1) },
        ], runUntil: 8_000)
    }

    /// A store for `style` whose latency runs on `scheduler` (through the style's own scheduler type).
    public static func makeStore(_ style: ParityStyle, scheduler: SchedulerType, items: [TodoItem] = seed) -> TodoStore {
        switch style {
        case .rx, .mixed:
            return TodoStore(items: items, latency: latency, delaying: RxTodoDelaying(scheduler: scheduler))
        case .combine:
            return TodoStore(items: items, latency: latency, delaying: CombineTodoDelaying(scheduler: scheduler.asCombineScheduler()))
        }
    }

    /// The screen of `style` over `store`, its view model delivering on `scheduler`. The Rx view model
    /// delivers through Drivers instead, on the sharing scheduler: make and use it inside
    /// `SharingScheduler.mock(scheduler:)` with the same `scheduler`. `outputs`, if given, records every
    /// event of the view models' outputs from the moment the list view model is made.
    public static func makeScreen(_ style: ParityStyle, store: TodoStore, scheduler: SchedulerType,
                                  recorder: DisplayRecorder<TodoScreen>, outputs: TodoListOutputs? = nil) -> TodoListScreen {
        switch style {
        case .rx:
            let viewModel = RxTodoListViewModel(service: RxTodoService(store: store))
            outputs?.record(viewModel)
            return RxTodoListView(viewModel: viewModel, recorder: recorder)
        case .combine:
            let viewModel = CombineTodoListViewModel(service: CombineTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            outputs?.record(viewModel)
            return CombineTodoListView(viewModel: viewModel, recorder: recorder)
        case .mixed:
            let viewModel = MixedTodoListViewModel(service: RxTodoService(store: store), scheduler: scheduler.asCombineScheduler())
            outputs?.record(viewModel)
            return CombineTodoListView(viewModel: viewModel, recorder: recorder)
        }
    }

    /// What one run of the session produced.
    public struct Result {
        /// What the screen displayed, and when.
        public let timeline: DisplayTimeline
        /// How many cell view models (and so cell views) were made during the session.
        public let cellViewsCreated: Int
        /// Observations still registered with the store after the screen went away (should be 0).
        public let observationsLeft: Int
    }

    /// Runs the script against `style` on a fresh virtual clock, then closes the screen. Everything runs
    /// inside `SharingScheduler.mock(scheduler:)` with the session's clock, so the Rx view model's Drivers
    /// hop to that clock, as the Combine view model's `receive(on:)` does (at the same virtual instant).
    public static func run(_ style: ParityStyle) -> Result {
        run(style, on: HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0)))
    }

    /// Runs the script against `style` on `scheduler` (fresh, at its initial time), then closes the
    /// screen; `outputs`, if given, records the view models' outputs (make it with the session's clock).
    public static func run<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>, recording outputs: TodoListOutputs? = nil) -> Result {
        let clock = SessionClock(scheduler)
        let store = makeStore(style, scheduler: scheduler)
        let recorder = DisplayRecorder<TodoScreen>(now: clock.now, render: \.description)
        var cellViewsCreated = 0
        SharingScheduler.mock(scheduler: scheduler) {
            var screen: TodoListScreen? = makeScreen(style, store: store, scheduler: scheduler, recorder: recorder, outputs: outputs)
            script.play(on: scheduler, target: TodoListSessionTarget(screen: screen!, store: store))
            cellViewsCreated = screen?.cellViewsCreated ?? 0
            screen = nil
        }
        return Result(timeline: recorder.timeline, cellViewsCreated: cellViewsCreated, observationsLeft: store.observerCount)
    }
}

extension TodoListSession {
    /// Plays the session for `style` on `scheduler` and returns every event of the view models' outputs.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> TodoListOutputs {
        let outputs = TodoListOutputs(now: SessionClock(scheduler).now)
        _ = run(style, on: scheduler, recording: outputs)
        return outputs
    }
}

/// The to-do sample for the demo.
public enum TodoListDemo {
    /// The name `swift run demo` takes.
    public static let name = "todo-list"

    /// Runs the scripted session in all three styles.
    public static func run() -> FeatureRun {
        FeatureRun(
            feature: name,
            summary: "a store streams CollectionDifference changes; one stable cell view model per item",
            script: TodoListSession.script.timeline,
            runs: ParityStyle.allCases.map { StyleRun(style: $0, timeline: TodoListSession.run($0).timeline) },
            notes: [
                "@Published publishes every set, equal or not; the Combine cell view model sets only what changed "
                    + "where the Rx one uses distinctUntilChanged.",
                "Stable cells: the changes are zipped with the current cells, applied, and assigned back "
                    + "(Rx: drive(BehaviorRelay); Combine: assign(to: &$cells)).",
                "Store callbacks hop to the UI scheduler (Rx: asDriver; Combine: receive(on:)): the screen shows (empty) "
                    + "until the first hop at 0 ms; at 6200 ms the list and the cleared banner are two hops, list first.",
            ])
    }
}
