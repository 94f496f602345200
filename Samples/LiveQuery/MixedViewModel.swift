import CombineKit
import RxCombineBridge
import RxKit

/// Migration step one: the service layer is CombineKit, the view model (and its view) still RxKit.
/// The bridge sits at the seam and nowhere else: `asObservable()` on the service's publisher. Disposing
/// the Rx subscription cancels the Combine one, which invalidates the token; a Combine failure
/// arrives as an Rx error and a finish as completed, so the view model's `catch` and `concat` work as
/// in the all-Rx version.
public final class MixedInboxViewModel: RxInboxViewModelType {
    public let input = RxInboxInput()
    public let output: RxInboxOutput
    private let disposeBag = DisposeBag()

    /// Queries the Combine `service` through the bridge; delivers on `scheduler` (the UI's).
    public init(service: CombineMessageService, scheduler: SchedulerType) {
        output = RxInboxViewModel.bind(
            input: input, query: { service.messages($0).asObservable() }, scheduler: scheduler, disposeBag: disposeBag)
    }
}
