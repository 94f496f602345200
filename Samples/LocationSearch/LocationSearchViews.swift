import CombineKit
import RxKit
import ParityHarness

/// What the scripted session does to a search screen, whatever its style.
public protocol LocationSearchScreen: AnyObject {
    /// What the screen displayed, timed.
    var recorder: DisplayRecorder<SearchDisplay> { get }
    /// Binds to the view model (a view controller's `viewDidLoad`).
    func viewDidLoad()
    /// The search field's text becomes `text` (the user typed or cleared it).
    func type(_ text: String)
}

/// A headless view controller for the Rx view model. The search field is a `SearchBar` handed to the
/// view model as `searchBar.rx.text.orEmpty.asDriver()`, as in an RxCocoa app;
/// the outputs drive the rows, the error label and the spinner (`drive(with:onNext:)`, the view held
/// weakly) into a `DisposeBag`. `drive` must run on the main thread, or inside `SharingScheduler.mock`.
public final class LocationSearchRxView: LocationSearchScreen {
    /// What the screen displayed, timed.
    public let recorder: DisplayRecorder<SearchDisplay>
    /// The search field.
    public let searchBar = SearchBar()
    private let makeViewModel: (Driver<String>) -> LocationSearchRxViewModel
    private var viewModel: LocationSearchRxViewModel?
    private var display = SearchDisplay()
    private let disposeBag = DisposeBag()

    /// A view that makes its view model from its search field with `makeViewModel`, stamping with `now()`.
    public init(now: @escaping () -> Int, makeViewModel: @escaping (Driver<String>) -> LocationSearchRxViewModel) {
        self.makeViewModel = makeViewModel
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// Records the empty screen, makes the view model and binds rows, error label, spinner (in that order).
    public func viewDidLoad() {
        recorder.record(display)
        let viewModel = makeViewModel(searchBar.rx.text.orEmpty.asDriver())
        self.viewModel = viewModel
        viewModel.locations
            .drive(with: self, onNext: { view, locations in view.show { $0.results = locations.map(\.label) } })
            .disposed(by: disposeBag)
        viewModel.errorMessage
            .drive(with: self, onNext: { view, message in view.show { $0.errorMessage = message } })
            .disposed(by: disposeBag)
        viewModel.querying
            .drive(with: self, onNext: { view, querying in view.show { $0.querying = querying } })
            .disposed(by: disposeBag)
    }

    /// Sets the search field's text.
    public func type(_ text: String) {
        searchBar.text = text
    }

    private func show(_ change: (inout SearchDisplay) -> Void) {
        change(&display)
        recorder.record(display)
    }
}

/// A headless view for the Combine view model: writes the search field into `query`, subscribes to
/// `locations`, `$errorMessage` and `$querying` with `[weak self]` into a `Set<AnyCancellable>`.
public final class LocationSearchCombineView<S: Scheduler>: LocationSearchScreen {
    /// What the screen displayed, timed.
    public let recorder: DisplayRecorder<SearchDisplay>
    private let viewModel: LocationSearchViewModel<S>
    private var display = SearchDisplay()
    private var cancellables = Set<AnyCancellable>()

    /// A view over `viewModel`, stamping with `now()`.
    public init(viewModel: LocationSearchViewModel<S>, now: @escaping () -> Int) {
        self.viewModel = viewModel
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// Records the empty screen and binds rows, error label, spinner (in that order).
    public func viewDidLoad() {
        recorder.record(display)
        viewModel.locations
            .sink { [weak self] locations in self?.show { $0.results = locations.map(\.label) } }
            .store(in: &cancellables)
        viewModel.$errorMessage
            .sink { [weak self] message in self?.show { $0.errorMessage = message } }
            .store(in: &cancellables)
        viewModel.$querying
            .sink { [weak self] querying in self?.show { $0.querying = querying } }
            .store(in: &cancellables)
    }

    /// Sets the search field's text (the view model's `query`).
    public func type(_ text: String) {
        viewModel.query = text
    }

    private func show(_ change: (inout SearchDisplay) -> Void) {
        change(&display)
        recorder.record(display)
    }
}
