import CombineKit
import ParityHarness
import RxKit

/// Every event the inbox view model's output emits in a session, whatever the style: the raw record the
/// view-model-level parity tests compare.
public final class LiveQueryOutputs {
    /// The inbox state (Rx `output.state`, Combine `$state`).
    public let state: EventRecorder<InboxState>

    /// An empty recorder stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        state = EventRecorder(now: now)
    }

    /// Records the Rx (or mixed) view model's Driver.
    public func record(_ viewModel: some RxInboxViewModelType) {
        state.record(viewModel.output.state)
    }

    /// Records the Combine view model's `@Published state`.
    public func record<S: Scheduler>(_ viewModel: CombineInboxViewModel<S>) {
        state.record(viewModel.$state)
    }
}
