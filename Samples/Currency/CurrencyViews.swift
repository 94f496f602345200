import CombineKit
import RxKit
import ParityHarness

/// What the scripted session does to a currency screen, whatever its style.
public protocol CurrencyScreen: AnyObject {
    /// What the screen displayed, timed.
    var recorder: DisplayRecorder<CurrencyDisplay> { get }
    /// Binds to the view model and asks for the first load (a view controller's `viewDidLoad`).
    func viewDidLoad()
    /// The user taps Reload.
    func tapReload()
}

/// A headless view controller for the Rx view model: drives a "label" with each output in
/// `viewDidLoad` (`drive(with:onNext:)` holds the view weakly), into a `DisposeBag` that ends every
/// binding when the view goes. `drive` must run on the main thread, or inside `SharingScheduler.mock`.
public final class CurrencyRxView: CurrencyScreen {
    /// What the screen displayed, timed.
    public let recorder: DisplayRecorder<CurrencyDisplay>
    private let viewModel: CurrencyRxViewModel
    private var display = CurrencyDisplay()
    private let disposeBag = DisposeBag()

    /// A view over `viewModel`, stamping its display with `now()` (virtual ms).
    public init(viewModel: CurrencyRxViewModel, now: @escaping () -> Int) {
        self.viewModel = viewModel
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// Records the empty screen, binds, and asks for the first load.
    public func viewDidLoad() {
        recorder.record(display)
        viewModel.output.rates
            .drive(with: self, onNext: { view, rates in view.show { $0.rates = rates } })
            .disposed(by: disposeBag)
        viewModel.output.errorMessage
            .drive(with: self, onNext: { view, message in view.show { $0.errorMessage = message } })
            .disposed(by: disposeBag)
        viewModel.input.reload.accept(())
    }

    /// Sends `reload`.
    public func tapReload() {
        viewModel.input.reload.accept(())
    }

    private func show(_ change: (inout CurrencyDisplay) -> Void) {
        change(&display)
        recorder.record(display)
    }
}

/// A headless view for the Combine view model: subscribes to `$rates` and `$errorMessage` with
/// `[weak self]`, keeping the subscriptions in a `Set<AnyCancellable>` that cancels them when the view goes.
public final class CurrencyCombineView<S: Scheduler>: CurrencyScreen {
    /// What the screen displayed, timed.
    public let recorder: DisplayRecorder<CurrencyDisplay>
    private let viewModel: CurrencyViewModel<S>
    private var display = CurrencyDisplay()
    private var cancellables = Set<AnyCancellable>()

    /// A view over `viewModel`, stamping its display with `now()` (virtual ms).
    public init(viewModel: CurrencyViewModel<S>, now: @escaping () -> Int) {
        self.viewModel = viewModel
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// Records the empty screen, binds (the `@Published` initial values change nothing), and asks for the
    /// first load.
    public func viewDidLoad() {
        recorder.record(display)
        viewModel.$rates
            .sink { [weak self] rates in self?.show { $0.rates = rates } }
            .store(in: &cancellables)
        viewModel.$errorMessage
            .sink { [weak self] message in self?.show { $0.errorMessage = message } }
            .store(in: &cancellables)
        viewModel.reload.send(())
    }

    /// Sends `reload`.
    public func tapReload() {
        viewModel.reload.send(())
    }

    private func show(_ change: (inout CurrencyDisplay) -> Void) {
        change(&display)
        recorder.record(display)
    }
}
