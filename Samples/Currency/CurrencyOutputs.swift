import CombineKit
import ParityHarness
import RxKit

/// Every event the currency view model's outputs emit in a session, whatever the style: the raw record
/// the view-model-level parity tests compare (the screen's `DisplayRecorder` keeps only what it shows).
public final class CurrencyOutputs {
    /// The rate lines output (Rx `output.rates`, Combine `$rates`).
    public let rates: EventRecorder<[String]>
    /// The error banner output (Rx `output.errorMessage`, Combine `$errorMessage`).
    public let errorMessage: EventRecorder<String?>

    /// Empty recorders stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        rates = EventRecorder(now: now)
        errorMessage = EventRecorder(now: now)
    }

    /// Records the Rx (or mixed) view model's Drivers.
    public func record(_ viewModel: CurrencyRxViewModel) {
        rates.record(viewModel.output.rates)
        errorMessage.record(viewModel.output.errorMessage)
    }

    /// Records the Combine view model's `@Published` properties.
    public func record<S: Scheduler>(_ viewModel: CurrencyViewModel<S>) {
        rates.record(viewModel.$rates)
        errorMessage.record(viewModel.$errorMessage)
    }
}
