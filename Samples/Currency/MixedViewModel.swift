import CombineKit
import RxCombineBridge
import RxKit

/// The currency feature with its service layer migrated: the Combine service (`CombineRatesService`)
/// behind the unchanged Rx view model. The seam is this adapter: `asObservable()` turns the publisher
/// into an `Observable` whose error is the `ErrorResult` the publisher failed with.
public struct BridgedRatesService: CurrencyRxService {
    private let service: CurrencyPublisherService

    /// The Rx face of a Combine rates service.
    public init(_ service: CurrencyPublisherService) {
        self.service = service
    }

    /// The publisher's rates as an `Observable`; cancelling (a newer reload) cancels the publisher.
    public func rates() -> Observable<Converter> {
        service.rates().asObservable()
    }
}

/// Builds the mixed style: Rx view model, Combine service, one scheduler (the Rx one, seen by the
/// Combine service through `asCombineScheduler()`).
public enum CurrencyMixedViewModel {
    /// An Rx view model over a `CombineRatesService` reading `file`.
    public static func make(file: RatesFile, scheduler: SchedulerType & Sendable, latency: Int = 300) -> CurrencyRxViewModel {
        let service = CombineRatesService(file: file, scheduler: scheduler.asCombineScheduler(), latency: latency)
        return CurrencyRxViewModel(service: BridgedRatesService(service), scheduler: scheduler)
    }
}
