import CombineKit
import ParityHarness
import RxKit

/// Every event the location search view model's outputs emit in a session, whatever the style: the raw
/// record the view-model-level parity tests compare (the screen's `DisplayRecorder` keeps only what it
/// shows).
public final class LocationSearchOutputs {
    /// Result rows (Rx `locations`, Combine `locations`).
    public let locations: EventRecorder<[Location]>
    /// The spinner (Rx `querying`, Combine `$querying`).
    public let querying: EventRecorder<Bool>
    /// The error label (Rx `errorMessage`, Combine `$errorMessage`).
    public let errorMessage: EventRecorder<String?>

    /// Empty recorders stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        locations = EventRecorder(now: now)
        querying = EventRecorder(now: now)
        errorMessage = EventRecorder(now: now)
    }

    /// Records the Rx view model's Drivers.
    public func record(_ viewModel: LocationSearchRxViewModel) {
        locations.record(viewModel.locations)
        querying.record(viewModel.querying)
        errorMessage.record(viewModel.errorMessage)
    }

    /// Records the Combine (or mixed) view model's publishers.
    public func record<S: Scheduler>(_ viewModel: LocationSearchViewModel<S>) {
        locations.record(viewModel.locations)
        querying.record(viewModel.$querying)
        errorMessage.record(viewModel.$errorMessage)
    }
}
