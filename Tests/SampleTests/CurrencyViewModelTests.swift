import CombineKit
import CurrencySample
import Foundation
import RxCombineBridge
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Unit tests of the three currency view models: errors, empty data, cancellation, leaks. Screens are
/// made and driven inside `SharingScheduler.mock(scheduler:)` with the test's clock, so the Rx view
/// model's Drivers deliver in virtual time (and `drive` may run off the main thread).
@Suite struct CurrencyViewModelTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private func screen(_ style: ParityStyle, _ file: RatesFile, _ scheduler: TestScheduler) -> CurrencyScreen {
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

    @Test(arguments: ParityStyle.allCases)
    func malformedFileShowsTheMessage(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let view = screen(style, FakeRatesFile(.malformed), scheduler)
            view.viewDidLoad()
            scheduler.advanceTo(1_000)
            #expect(view.recorder.states == [CurrencyDisplay(), CurrencyDisplay(errorMessage: "rates.json is malformed")])
        }
    }

    @Test(arguments: ParityStyle.allCases)
    func missingFileShowsTheMessageAndReloadRecovers(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
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
    }

    @Test(arguments: ParityStyle.allCases)
    func emptyRatesShowNoRatesAndNoError(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let empty = Data(#"{"base": "USD", "date": "2024-05-01", "rates": {}}"#.utf8)
            let view = screen(style, FakeRatesFile(.bytes(empty)), scheduler)
            view.viewDidLoad()
            scheduler.advanceTo(1_000)
            #expect(view.recorder.timeline == DisplayTimeline([DisplayEvent(time: 0, text: "no rates")]))
            #expect(view.recorder.current == CurrencyDisplay())
        }
    }

    @Test(arguments: ParityStyle.allCases)
    func aNewerReloadCancelsTheOlderLoad(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let view = screen(style, FakeRatesFile(), scheduler)
            view.viewDidLoad()
            scheduler.advanceTo(200)
            view.tapReload()
            scheduler.advanceTo(2_000)
            #expect(view.recorder.entries.map(\.time) == [0, 500])
        }
    }

    /// The Rx outputs are Drivers on the mocked clock: a failed load arrives as a message on the test's
    /// scheduler, at the time the service failed, and a late subscriber gets the latest message replayed.
    @Test func rxOutputsAreDriversOnTheMockedClock() {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let service = RxRatesService(file: FakeRatesFile(.missing), scheduler: scheduler, latency: 10)
            let viewModel = CurrencyRxViewModel(service: service)
            let bag = DisposeBag()
            let messages = scheduler.createObserver(String?.self)
            let rates = scheduler.createObserver([String].self)
            viewModel.output.errorMessage.drive(messages).disposed(by: bag)
            viewModel.output.rates.drive(rates).disposed(by: bag)
            scheduler.scheduleAt(100) { viewModel.input.reload.accept(()) }
            scheduler.advanceTo(200)
            #expect(messages.events == [.next(110, "rates.json is missing")])
            #expect(rates.events.isEmpty)
            let late = scheduler.createObserver(String?.self)
            viewModel.output.errorMessage.drive(late).disposed(by: bag)
            #expect(late.events == [.next(200, "rates.json is missing")])
        }
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
            SharingScheduler.mock(scheduler: scheduler) {
                kept = screen(.rx, FakeRatesFile(), scheduler)
                kept?.viewDidLoad()
            }
        }
        #expect(live > 0)
        #expect(kept != nil)
    }

    @Test(arguments: ParityStyle.allCases)
    func viewAndViewModelDeallocateAndRxSubscriptionsEnd(_ style: ParityStyle) {
        weak var weakView: CurrencyScreen?
        let scheduler = scheduler()
        let live = Resources.measure {
            SharingScheduler.mock(scheduler: scheduler) {
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
        }
        #expect(weakView == nil)
        #expect(live == 0)
    }
}
