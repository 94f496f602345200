import CombineKit
import CombineKitExt
import RxKit
import SampleSupport

/// The inbox screen bound the RxKit way: a `DisposeBag` and `[weak self]`.
public final class RxInboxView: InboxScreen {
    private let viewModel: RxInboxViewModelType
    public let recorder: DisplayRecorder<InboxState>
    private let disposeBag = DisposeBag()

    /// Binds to `viewModel` at once (as `viewDidLoad` would) and records into `recorder`.
    public init(viewModel: RxInboxViewModelType, recorder: DisplayRecorder<InboxState>) {
        self.viewModel = viewModel
        self.recorder = recorder
        viewModel.output.state
            .subscribe(onNext: { [weak self] in self?.recorder.record($0) })
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
