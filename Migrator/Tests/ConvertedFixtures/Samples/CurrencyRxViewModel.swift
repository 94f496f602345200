import Foundation
import CombineKit
import CombineKitExt

/// The currency screen's view model in RxSwift/RxCocoa style: Input (`reload`) / Output (`rates` and
/// `errorMessage` Drivers), `flatMapLatest` so a newer reload cancels an older one, `catch` so a failed
/// load becomes a message and the screen keeps working.
///
/// The outputs are `Driver`s: they never error, deliver on the main scheduler (`SharingScheduler`'s, a
/// virtual clock inside `SharingScheduler.mock` in tests and the demo) and replay the latest value to a
/// new subscriber. A failed load keeps the last rates on screen.
public final class CurrencyRxViewModel {
    /// What the view sends.
    public struct Input {
        /// Load (again); the view sends one when it appears.
        public let reload: PassthroughSubject<Void, Never>
    }

    /// What the view shows.
    public struct Output {
        /// Rate lines after each successful load.
        public let rates: AnyPublisher<[String], Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
        /// The error banner: a message after a failed load, `nil` after a successful one.
        public let errorMessage: AnyPublisher<String?, Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
    }

    /// The inputs.
    public let input: Input
    /// The outputs.
    public let output: Output

    /// A view model loading through `service`. Build it on the main thread (or inside
    /// `SharingScheduler.mock`): its Drivers deliver on the scheduler current at that moment.
    public init(service: CurrencyRxService) {
        let reload = PassthroughSubject<Void, Never>()
        let results = reload
            .map { _ in
                service.rates()
                    .map { Result<Converter, ErrorResult>.success($0) }
                    .catch { Just(.failure(ErrorResult.from($0))) }
            }
            .switchToLatest()
            // The inner `catch` turned every failure into a value: the outer stream cannot fail.
            .receive(on: DispatchQueue.main).share(replay: 1) // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
        input = Input(reload: reload)
        output = Output(
            rates: results.compactMap { try? $0.get().lines }.eraseToAnyPublisher(),
            errorMessage: results.map { result in
                if case .failure(let error) = result { return error.message }
                return nil
            }.eraseToAnyPublisher()
        )
    }
}
