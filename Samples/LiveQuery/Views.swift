import CombineKit
import CombineKitExt
import RxKit
import ParityHarness

/// The inbox screen bound the RxKit way: `drive(with:onNext:)` (the view held weakly) into a
/// `DisposeBag`. `drive` must run on the main thread, or inside `SharingScheduler.mock`.
public final class RxInboxView: InboxScreen {
    private let viewModel: RxInboxViewModelType
    public let recorder: DisplayRecorder<InboxState>
    private let disposeBag = DisposeBag()

    /// Binds to `viewModel` at once (as `viewDidLoad` would) and records into `recorder`.
    public init(viewModel: RxInboxViewModelType, recorder: DisplayRecorder<InboxState>) {
        self.viewModel = viewModel
        self.recorder = recorder
        viewModel.output.state
            .drive(with: self, onNext: { view, state in view.recorder.record(state) })
            .disposed(by: disposeBag)
    }

    public func tapFilter(_ filter: MessageFilter) { viewModel.input.selectFilter.accept(filter) }
    public func tapRetry() { viewModel.input.retry.accept(()) }
}

/// The inbox screen bound the CombineKit way: a `CancelBag` (CombineKitExt's `DisposeBag`) and
/// `[weak self]`.
public final class CombineInboxView<S: CombineKit.Scheduler>: InboxScreen {
    private let viewModel: CombineInboxViewModel<S>
    public let recorder: DisplayRecorder<InboxState>
    private let cancelBag = CancelBag()

    /// Binds to `viewModel` at once (as `viewDidLoad` would) and records into `recorder`.
    public init(viewModel: CombineInboxViewModel<S>, recorder: DisplayRecorder<InboxState>) {
        self.viewModel = viewModel
        self.recorder = recorder
        viewModel.$state
            .sink { [weak self] in self?.recorder.record($0) }
            .store(in: cancelBag)
    }

    public func tapFilter(_ filter: MessageFilter) { viewModel.select(filter) }
    public func tapRetry() { viewModel.retry() }
}
