import RxKit

/// The currency screen's view model in RxSwift style: Input (`reload`) / Output (`rates`,
/// `errorMessage`), `flatMapLatest` so a newer reload cancels an older one, `catch` so a failed load
/// becomes a message and the screen keeps working.
///
/// The outputs are Driver-shaped (delivered on `scheduler`, never error, replay the latest to a new
/// subscriber): `observe(on:)` + `share(replay: 1)`. A failed load keeps the last rates on screen.
public final class CurrencyRxViewModel {
    /// What the view sends.
    public struct Input {
        /// Load (again); the view sends one when it appears.
        public let reload: PublishRelay<Void>
    }

    /// What the view shows.
    public struct Output {
        /// Rate lines after each successful load.
        public let rates: Observable<[String]>
        /// The error banner: a message after a failed load, `nil` after a successful one.
        public let errorMessage: Observable<String?>
    }

    /// The inputs.
    public let input: Input
    /// The outputs.
    public let output: Output

    /// A view model loading through `service`, delivering on `scheduler` (the main scheduler in an app).
    public init(service: CurrencyRxService, scheduler: SchedulerType) {
        let reload = PublishRelay<Void>()
        let results = reload
            .flatMapLatest { _ in
                service.rates()
                    .map { Result<Converter, ErrorResult>.success($0) }
                    .catch { .just(.failure(ErrorResult.from($0))) }
            }
            .observe(on: scheduler)
            .share(replay: 1)
        input = Input(reload: reload)
        output = Output(
            rates: results.compactMap { try? $0.get().lines },
            errorMessage: results.map { result in
                if case .failure(let error) = result { return error.message }
                return nil
            }
        )
    }
}
