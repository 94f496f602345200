import CombineKit
import CurrencySample
import Foundation
import RxCombineBridge
import RxKit
import RxKitTest
import SampleSupport
import Testing

/// Unit tests of the three currency view models: errors, empty data, cancellation, leaks.
@Suite struct CurrencyViewModelTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private func screen(_ style: SampleStyle, _ file: RatesFile, _ scheduler: TestScheduler) -> CurrencyScreen {
        CurrencyDemo.makeScreen(style, file: file, scheduler: scheduler, now: SessionClock(scheduler).now)
    }

    @Test func bundledResourceDecodes() throws {
        let data = try #require(BundledRatesFile().contents())
        let payload = try JSONDecoder().decode(RatesPayload.self, from: data)
        #expect(payload.base == "USD")
        #expect(abs((Converter(payload).convert(100, to: "EUR") ?? 0) - 93.52) < 1e-9)
        #expect(Converter(payload).convert(1, to: "XXX") == nil)
        #expect(BundledRatesFile(name: "nope").contents() == nil)
    }

    @Test(arguments: SampleStyle.allCases)
    func malformedFileShowsTheMessage(_ style: SampleStyle) {
        let scheduler = scheduler()
        let view = screen(style, FakeRatesFile(.malformed), scheduler)
        view.viewDidLoad()
        scheduler.advanceTo(1_000)
        #expect(view.recorder.states == [CurrencyDisplay(), CurrencyDisplay(errorMessage: "rates.json is malformed")])
    }

    @Test(arguments: SampleStyle.allCases)
    func missingFileShowsTheMessageAndReloadRecovers(_ style: SampleStyle) {
        let scheduler = scheduler()
        let file = FakeRatesFile(.missing)
        let view = screen(style, file, scheduler)
        view.viewDidLoad()
        scheduler.advanceTo(500)
        #expect(view.recorder.current == CurrencyDisplay(errorMessage: "rates.json is missing"))
        file.set(.bundled)
        view.tapReload()
        scheduler.advanceTo(1_000)
        #expect(view.recorder.current?.errorMessage == nil)
        #expect(view.recorder.current?.rates.count == 4)
    }

    @Test(arguments: SampleStyle.allCases)
    func emptyRatesShowNoRatesAndNoError(_ style: SampleStyle) {
        let scheduler = scheduler()
        let empty = Data(#"{"base": "USD", "date": "2024-05-01", "rates": {}}"#.utf8)
        let view = screen(style, FakeRatesFile(.bytes(empty)), scheduler)
        view.viewDidLoad()
        scheduler.advanceTo(1_000)
        #expect(view.recorder.timeline == DisplayTimeline([DisplayEvent(time: 0, text: "no rates")]))
        #expect(view.recorder.current == CurrencyDisplay())
    }

    @Test(arguments: SampleStyle.allCases)
    func aNewerReloadCancelsTheOlderLoad(_ style: SampleStyle) {
        let scheduler = scheduler()
        let view = screen(style, FakeRatesFile(), scheduler)
        view.viewDidLoad()
        scheduler.advanceTo(200)
        view.tapReload()
        scheduler.advanceTo(2_000)
        #expect(view.recorder.entries.map(\.time) == [0, 500])
    }

    @Test func rxServiceErrorsWithErrorResult() {
        let scheduler = scheduler()
        let observer = scheduler.createObserver(Converter.self)
        _ = RxRatesService(file: FakeRatesFile(.missing), scheduler: scheduler, latency: 10).rates().subscribe(observer)
        scheduler.start()
        #expect(observer.events == [.error(10, ErrorResult.missingFile("rates"))])
    }

    @Test func combineServiceFailsWithErrorResult() {
        let scheduler = scheduler()
        var completion: Subscribers.Completion<ErrorResult>?
        let cancellable = CombineRatesService(file: FakeRatesFile(.malformed), scheduler: scheduler.asCombineScheduler(), latency: 10)
            .rates()
            .sink(receiveCompletion: { completion = $0 }, receiveValue: { _ in })
        scheduler.start()
        #expect(completion == .failure(ErrorResult.malformed("rates")))
        cancellable.cancel()
    }

    /// Keeps the leak tests honest: a view still alive at the end of `measure` is counted.
    @Test func measureCountsAViewThatIsStillAlive() {
        let scheduler = scheduler()
        var kept: CurrencyScreen?
        let live = Resources.measure {
            kept = screen(.rx, FakeRatesFile(), scheduler)
            kept?.viewDidLoad()
        }
        #expect(live > 0)
        #expect(kept != nil)
    }

    @Test(arguments: SampleStyle.allCases)
    func viewAndViewModelDeallocateAndRxSubscriptionsEnd(_ style: SampleStyle) {
        weak var weakView: CurrencyScreen?
        let scheduler = scheduler()
        let live = Resources.measure {
            let file = FakeRatesFile()
            var view: CurrencyScreen? = screen(style, file, scheduler)
            weakView = view
            view?.viewDidLoad()
            scheduler.advanceTo(500)
            view?.tapReload()  // leave a load in flight
            scheduler.advanceTo(600)
            view = nil
            scheduler.start()  // the in-flight timer fires into nothing, then is released
        }
        #expect(weakView == nil)
        #expect(live == 0)
    }
}
