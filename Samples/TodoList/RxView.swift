import RxKit
import ParityHarness

/// A headless row bound to an `RxTodoCellViewModel`, like a table view cell.
final class RxTodoCellView {
    let viewModel: RxTodoCellViewModel
    private(set) var titleLabel = ""
    private(set) var isChecked = false
    private let disposeBag = DisposeBag()

    init(viewModel: RxTodoCellViewModel, onChange: @escaping () -> Void) {
        self.viewModel = viewModel
        viewModel.title
            .subscribe(onNext: { [weak self] in
                self?.titleLabel = $0
                onChange()
            })
            .disposed(by: disposeBag)
        viewModel.isDone
            .subscribe(onNext: { [weak self] in
                self?.isChecked = $0
                onChange()
            })
            .disposed(by: disposeBag)
    }

    var row: String { titleLabel + (isChecked ? "✓" : "") }
}

/// The to-do screen bound the RxKit way: the list's Drivers drive it (`drive(with:onNext:)`, the view
/// held weakly) into a `DisposeBag`, one cell view per cell view model (reused while the view model
/// stays, as a diffable data source would). `drive` must run on the main thread, or inside
/// `SharingScheduler.mock`.
public final class RxTodoListView: TodoListScreen {
    private let viewModel: RxTodoListViewModelType
    public let recorder: DisplayRecorder<TodoScreen>
    private let disposeBag = DisposeBag()
    private var cellViews: [RxTodoCellView] = []
    private var errorBanner: String?
    private var isReloading = false
    public private(set) var cellViewsCreated = 0

    /// Binds to `viewModel` at once (as `viewDidLoad` would) and records into `recorder`.
    public init(viewModel: RxTodoListViewModelType, recorder: DisplayRecorder<TodoScreen>) {
        self.viewModel = viewModel
        self.recorder = recorder
        viewModel.output.cells
            .drive(with: self, onNext: { view, cells in view.reload(cells) })
            .disposed(by: disposeBag)
        viewModel.output.errorMessage
            .drive(with: self, onNext: { view, message in
                view.errorBanner = message
                view.render()
            })
            .disposed(by: disposeBag)
    }

    public func tapAdd(title: String) { viewModel.input.add.accept(title) }
    public func swipeToDelete(id: Int) { viewModel.input.remove.accept(id) }
    public func editTitle(id: Int, to title: String) { viewModel.input.rename.accept((id, title)) }
    public func tapCheckbox(id: Int) { viewModel.input.toggleDone.accept(id) }

    private func reload(_ cells: [RxTodoCellViewModel]) {
        // New cell views display their first title while the list is being rebuilt: draw once, after.
        isReloading = true
        let existing = Dictionary(uniqueKeysWithValues: cellViews.map { (ObjectIdentifier($0.viewModel), $0) })
        cellViews = cells.map { cell in
            if let view = existing[ObjectIdentifier(cell)] { return view }
            cellViewsCreated += 1
            return RxTodoCellView(viewModel: cell) { [weak self] in self?.render() }
        }
        isReloading = false
        render()
    }

    private func render() {
        guard !isReloading else { return }
        recorder.record(TodoScreen(rows: cellViews.map(\.row), error: errorBanner))
    }
}
