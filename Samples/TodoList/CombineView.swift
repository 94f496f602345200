import CombineKit
import ParityHarness

/// A headless row bound to a `CombineTodoCellViewModel`, like a table view cell.
final class CombineTodoCellView {
    let viewModel: CombineTodoCellViewModel
    private(set) var titleLabel = ""
    private(set) var isChecked = false
    private var cancellables = Set<AnyCancellable>()

    init(viewModel: CombineTodoCellViewModel, onChange: @escaping () -> Void) {
        self.viewModel = viewModel
        viewModel.$title
            .sink { [weak self] in
                self?.titleLabel = $0
                onChange()
            }
            .store(in: &cancellables)
        viewModel.$isDone
            .sink { [weak self] in
                self?.isChecked = $0
                onChange()
            }
            .store(in: &cancellables)
    }

    var row: String { titleLabel + (isChecked ? "✓" : "") }
}

/// The to-do screen bound the CombineKit way: `Set<AnyCancellable>`, `[weak self]` in every sink, one
/// cell view per cell view model (reused while the view model stays).
public final class CombineTodoListView: TodoListScreen {
    private let viewModel: CombineTodoListViewModelType
    public let recorder: DisplayRecorder<TodoScreen>
    private var cancellables = Set<AnyCancellable>()
    private var cellViews: [CombineTodoCellView] = []
    private var errorBanner: String?
    private var isReloading = false
    public private(set) var cellViewsCreated = 0

    /// Binds to `viewModel` at once (as `viewDidLoad` would) and records into `recorder`.
    public init(viewModel: CombineTodoListViewModelType, recorder: DisplayRecorder<TodoScreen>) {
        self.viewModel = viewModel
        self.recorder = recorder
        viewModel.cellsPublisher
            .sink { [weak self] in self?.reload($0) }
            .store(in: &cancellables)
        viewModel.errorMessagePublisher
            .sink { [weak self] in
                self?.errorBanner = $0
                self?.render()
            }
            .store(in: &cancellables)
    }

    public func tapAdd(title: String) { viewModel.send(.add(title: title)) }
    public func swipeToDelete(id: Int) { viewModel.send(.remove(id: id)) }
    public func editTitle(id: Int, to title: String) { viewModel.send(.rename(id: id, title: title)) }
    public func tapCheckbox(id: Int) { viewModel.send(.toggleDone(id: id)) }

    private func reload(_ cells: [CombineTodoCellViewModel]) {
        // New cell views display their first title while the list is being rebuilt: draw once, after.
        isReloading = true
        let existing = Dictionary(uniqueKeysWithValues: cellViews.map { (ObjectIdentifier($0.viewModel), $0) })
        cellViews = cells.map { cell in
            if let view = existing[ObjectIdentifier(cell)] { return view }
            cellViewsCreated += 1
            return CombineTodoCellView(viewModel: cell) { [weak self] in self?.render() }
        }
        isReloading = false
        render()
    }

    private func render() {
        guard !isReloading else { return }
        recorder.record(TodoScreen(rows: cellViews.map(\.row), error: errorBanner))
    }
}
