import CombineKit
import Foundation
import RxKit

/// The rates service as the Rx layer sees it.
public protocol CurrencyRxService {
    /// Loads the rates once: one `Converter` then completion, or an `ErrorResult` error.
    func rates() -> Observable<Converter>
}

/// The rates service written with RxKit: reads the file after `latency` ms on `scheduler`, decodes it.
public struct RxRatesService: CurrencyRxService {
    private let file: RatesFile
    private let scheduler: SchedulerType
    private let latency: Int

    /// A service reading `file` with `latency` ms of simulated I/O on `scheduler`.
    public init(file: RatesFile, scheduler: SchedulerType, latency: Int = 300) {
        self.file = file
        self.scheduler = scheduler
        self.latency = latency
    }

    /// See `CurrencyRxService.rates()`. A missing file is `.missingFile`, bad JSON `.malformed`.
    public func rates() -> Observable<Converter> {
        let file = self.file
        return Observable<Int>.timer(.milliseconds(latency), scheduler: scheduler)
            .flatMap { _ -> Observable<Data> in
                guard let data = file.contents() else { return .error(ErrorResult.missingFile(file.name)) }
                return .just(data)
            }
            .decode(type: RatesPayload.self, decoder: JSONDecoder())
            .map(Converter.init)
            .catch { error in .error(error as? ErrorResult ?? ErrorResult.malformed(file.name)) }
    }
}

/// The rates service as the Combine layer sees it.
public protocol CurrencyPublisherService {
    /// Loads the rates once: one `Converter` then `.finished`, or `.failure(ErrorResult)`.
    func rates() -> AnyPublisher<Converter, ErrorResult>
}

/// The rates service written with CombineKit: `Just(data).decode(…).mapError`, `Fail` when the file
/// is missing, after `latency` ms on `scheduler`.
public struct CombineRatesService<S: Scheduler>: CurrencyPublisherService {
    private let file: RatesFile
    private let scheduler: S
    private let latency: Int

    /// A service reading `file` with `latency` ms of simulated I/O on `scheduler`.
    public init(file: RatesFile, scheduler: S, latency: Int = 300) {
        self.file = file
        self.scheduler = scheduler
        self.latency = latency
    }

    /// See `CurrencyPublisherService.rates()`.
    public func rates() -> AnyPublisher<Converter, ErrorResult> {
        let file = self.file
        return Just(())
            .delay(for: .milliseconds(latency), scheduler: scheduler)
            .setFailureType(to: ErrorResult.self)
            .flatMap { _ -> AnyPublisher<Converter, ErrorResult> in
                guard let data = file.contents() else {
                    return Fail(error: ErrorResult.missingFile(file.name)).eraseToAnyPublisher()
                }
                return Just(data)
                    .decode(type: RatesPayload.self, decoder: JSONDecoder())
                    .map(Converter.init)
                    .mapError { _ in ErrorResult.malformed(file.name) }
                    .eraseToAnyPublisher()
            }
            .eraseToAnyPublisher()
    }
}
