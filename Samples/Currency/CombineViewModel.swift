import CombineKit

/// The currency screen's view model in Combine style: a `PassthroughSubject` reload, `switchToLatest`
/// so a newer reload cancels an older one, `catch` so a failure becomes a message, and
/// `assign(to: &$rates)` into `@Published` properties (no cancellables to keep: the assignments live
/// as long as the view model).
///
/// Migration notes (real differences between the frameworks, handled rather than hidden):
/// - Combine's `share()` replays nothing, where the Rx view model uses `share(replay: 1)`. No replay is
///   needed here because both assignments subscribe in `init`, before the first reload can produce anything.
/// - `@Published` hands a new subscriber the current value at once (`[]`, `nil`); the Rx outputs emit only
///   after a load. The views record the empty screen themselves when they appear, so the extra initial values
///   change nothing visible.
/// - `@Published` publishes in `willSet`: the view takes the value from the sink, never reads the property.
public final class CurrencyViewModel<S: Scheduler>: ObservableObject {
    /// Rate lines after each successful load.
    @Published public private(set) var rates: [String] = []
    /// The error banner: a message after a failed load, `nil` after a successful one.
    @Published public private(set) var errorMessage: String?
    /// Load (again); the view sends one when it appears.
    public let reload = PassthroughSubject<Void, Never>()

    /// A view model loading through `service`, delivering on `scheduler` (the main queue in an app).
    public init(service: CurrencyPublisherService, scheduler: S) {
        let results = reload
            .map { _ in
                service.rates()
                    .map { Result<Converter, ErrorResult>.success($0) }
                    .catch { Just(.failure($0)) }
            }
            .switchToLatest()
            .receive(on: scheduler)
            .share()
        results.compactMap { try? $0.get().lines }.assign(to: &$rates)
        results.map { result -> String? in
            if case .failure(let error) = result { return error.message }
            return nil
        }
        .assign(to: &$errorMessage)
    }
}
