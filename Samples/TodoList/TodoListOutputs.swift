import CombineKit
import ParityHarness
import RxKit

/// Every event the to-do view models' outputs emit in a session, whatever the style: the raw record the
/// view-model-level parity tests compare. The list's cells are recorded as their item ids (the cell view
/// models are different types per style); each cell's own outputs are recorded from the moment the cell
/// first appears, tagged with its id (`"#2 Dad"`, `"#1 true"`).
public final class TodoListOutputs {
    /// The list's cells, as item ids (Rx `output.cells`, Combine `$cells`).
    public let cells: EventRecorder<[Int]>
    /// The error banner (Rx `output.errorMessage`, Combine `$errorMessage`).
    public let errorMessage: EventRecorder<String?>
    /// Every cell's title output (Rx `title`, Combine `$title`), as `"#id title"`.
    public let titles: EventRecorder<String>
    /// Every cell's checkbox output (Rx `isDone`, Combine `$isDone`), as `"#id true"`.
    public let checks: EventRecorder<String>
    private var seen: Set<Int> = []
    private var disposables: [Disposable] = []
    private var cancellables: [AnyCancellable] = []

    /// Empty recorders stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        cells = EventRecorder(now: now)
        errorMessage = EventRecorder(now: now)
        titles = EventRecorder(now: now)
        checks = EventRecorder(now: now)
    }

    deinit {
        disposables.forEach { $0.dispose() }
        cancellables.forEach { $0.cancel() }
    }

    /// Records the Rx view model's Drivers and each of its cells' outputs.
    public func record(_ viewModel: some RxTodoListViewModelType) {
        cells.record(viewModel.output.cells.map { $0.map(\.id) })
        errorMessage.record(viewModel.output.errorMessage)
        disposables.append(viewModel.output.cells.asObservable().subscribe(onNext: { [weak self] cells in
            guard let self else { return }
            for cell in cells where self.seen.insert(cell.id).inserted {
                let tag = "#\(cell.id) "
                self.titles.record(cell.title.map { tag + $0 })
                self.checks.record(cell.isDone.map { tag + String($0) })
            }
        }))
    }

    /// Records the Combine (or mixed) view model's publishers and each of its cells' `@Published` properties.
    public func record(_ viewModel: some CombineTodoListViewModelType) {
        cells.record(viewModel.cellsPublisher.map { $0.map(\.id) })
        errorMessage.record(viewModel.errorMessagePublisher)
        cancellables.append(viewModel.cellsPublisher.sink { [weak self] cells in
            guard let self else { return }
            for cell in cells where self.seen.insert(cell.id).inserted {
                let tag = "#\(cell.id) "
                self.titles.record(cell.$title.map { tag + $0 })
                self.checks.record(cell.$isDone.map { tag + String($0) })
            }
        })
    }
}
