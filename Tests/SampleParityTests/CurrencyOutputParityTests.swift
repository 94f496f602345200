import CurrencySample
import ParityHarness
import ParityTesting
import RxKit
import RxKitTest
import Testing

/// The currency view model's outputs, event by event, in the Rx, Combine and mixed styles, for the
/// scripted session (reload at 0, 1000, 2000, 2100 and 3000 ms; loads take 300 ms; the 2000 ms load is
/// cancelled by the one at 2100).
@Suite struct CurrencyOutputParityTests {
    private static func record(_ style: ParityStyle) -> CurrencyOutputs {
        CurrencyDemo.recordOutputs(style, on: TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false))
    }

    /// rates.json: CHF 0.9169, EUR 0.9352, GBP 0.7996, JPY 157.8, sorted by code, two decimals.
    private static let lines = ["CHF 0.92", "EUR 0.94", "GBP 0.80", "JPY 157.80"]
    private static let published = "Combine: @Published hands a new subscriber its current value at once ([] / nil, at 0 ms); "
        + "the Rx Drivers emit only after a load. The view records the empty screen itself, so nothing visible changes."

    /// The currency screen keeps the last rates on a failed load (the story clears them): `rates` emits
    /// only on success, the banner on every load.
    @Test func ratesKeepTheLastLoadOnAnErrorUnlikeTheStory() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        Parity.expect(recorded: "currency: rates", rx: rx.rates, combine: combine.rates, mixed: mixed.rates,
                      .difference(Self.published,
                                  rx: [.value(300, Self.lines), .value(2_400, Self.lines)],
                                  combine: [.value(0, []), .value(300, Self.lines), .value(2_400, Self.lines)]))
    }

    @Test func errorMessageIsSetOnEveryLoad() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        let loads: ParityTimeline<String?> = [
            .value(300, nil), .value(1_300, "rates.json is malformed"), .value(2_400, nil), .value(3_300, "rates.json is missing"),
        ]
        Parity.expect(recorded: "currency: errorMessage", rx: rx.errorMessage, combine: combine.errorMessage, mixed: mixed.errorMessage,
                      .difference(Self.published, rx: loads, combine: ParityTimeline([.value(0, nil)] + loads.records)))
    }

    /// A deliberately broken variant: its service delivers every load twice, so the view model emits
    /// each rates and banner value twice. Compared with the real Rx view model, the check fails.
    @Test func aViewModelEmittingAnExtraValueFailsTheComparison() {
        struct TwiceRatesService: CurrencyRxService {
            let service: CurrencyRxService
            func rates() -> Observable<Converter> { service.rates().flatMap { Observable.of($0, $0) } }
        }
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let clock = SessionClock(scheduler)
        let broken = CurrencyOutputs(now: clock.now)
        SharingScheduler.mock(scheduler: scheduler) {
            let file = FakeRatesFile()
            let viewModel = CurrencyRxViewModel(service: TwiceRatesService(service: RxRatesService(file: file, scheduler: scheduler)))
            broken.record(viewModel)
            CurrencyDemo.session.play(on: scheduler, target: .init(file: file, screen: CurrencyRxView(viewModel: viewModel, now: clock.now)))
        }
        let report = Parity.compare(recorded: "currency: rates", rx: Self.record(.rx).rates, combine: Self.record(.combine).rates,
                                    mixed: broken.rates,
                                    .difference(Self.published, rx: [.value(300, Self.lines), .value(2_400, Self.lines)],
                                                combine: [.value(0, []), .value(300, Self.lines), .value(2_400, Self.lines)]))
        #expect(!report.passed)
        #expect(report.problems == ["The mixed (bridged) pipeline differs from the RxKit timeline."])
        #expect(report.mixed?.records.map(\.time) == [300, 300, 2_400, 2_400])
        withKnownIssue("the broken view model emits each load twice") {
            Parity.expect(recorded: "currency: rates", rx: Self.record(.rx).rates, combine: broken.rates, mixed: Self.record(.mixed).rates)
        }
    }
}
