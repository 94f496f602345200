import CombineKit
import LocationSearchSample
import RxCombineBridge
import RxKit
import RxKitTest
import SampleSupport
import Testing

/// Unit tests of the three location search view models: failures, empty results, throttling and
/// de-duplication, leaks.
@Suite struct LocationSearchViewModelTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private func screen(_ style: SampleStyle, _ backend: FakeGeocoderBackend, _ scheduler: TestScheduler) -> LocationSearchScreen {
        let view = LocationSearchDemo.makeScreen(style, backend: backend, scheduler: scheduler, now: SessionClock(scheduler).now)
        view.viewDidLoad()
        return view
    }

    @Test(arguments: SampleStyle.allCases)
    func failureShowsTheMessageAndTheNextQueryClearsIt(_ style: SampleStyle) {
        let scheduler = scheduler()
        let backend = FakeGeocoderBackend(latency: 100)
        backend.fail("Paris")
        let view = screen(style, backend, scheduler)
        view.type("Paris")
        scheduler.advanceTo(1_000)
        #expect(view.recorder.current == SearchDisplay(errorMessage: "geocoder unavailable"))
        view.type("Lyon")
        scheduler.advanceTo(1_050)
        #expect(view.recorder.current == SearchDisplay(querying: true))
        scheduler.advanceTo(2_000)
        #expect(view.recorder.current == SearchDisplay(results: ["Lyon FR"]))
    }

    @Test(arguments: SampleStyle.allCases)
    func noMatchesIsAnEmptyListNotAnError(_ style: SampleStyle) {
        let scheduler = scheduler()
        let view = screen(style, FakeGeocoderBackend(latency: 100), scheduler)
        view.type("Zzz")
        scheduler.advanceTo(1_000)
        #expect(view.recorder.states == [SearchDisplay(), SearchDisplay(querying: true), SearchDisplay()])
    }

    @Test(arguments: SampleStyle.allCases)
    func fastTypingSendsTheFirstAndTheLatestQueryOnly(_ style: SampleStyle) {
        let scheduler = scheduler()
        let backend = FakeGeocoderBackend(latency: 100)
        let view = screen(style, backend, scheduler)
        for (offset, text) in ["P", "Pa", "Par", "Pari", "Paris", " Paris "].enumerated() {
            scheduler.advanceTo(1_000 + offset * 50)
            view.type(text)
        }
        scheduler.advanceTo(3_000)
        // "P" at 1000 is answered at 1100; "Paris" is the latest when the window ends at 1500.
        #expect(backend.requests == ["P", "Paris"])
        #expect(view.recorder.current == SearchDisplay(results: ["Paris FR", "Paris US"]))
    }

    @Test(arguments: SampleStyle.allCases)
    func viewAndViewModelDeallocateAndRxSubscriptionsEnd(_ style: SampleStyle) {
        weak var weakView: LocationSearchScreen?
        let scheduler = scheduler()
        let live = Resources.measure {
            var view: LocationSearchScreen? = screen(style, FakeGeocoderBackend(), scheduler)
            weakView = view
            view?.type("Lon")
            scheduler.advanceTo(100)  // a request in flight
            view = nil
            scheduler.start()
        }
        #expect(weakView == nil)
        #expect(live == 0)
    }

    @Test func combineViewModelDeallocatesWithItsSubscriptions() {
        weak var weakViewModel: LocationSearchViewModel<RxSchedulerAdapter>?
        let scheduler = scheduler()
        do {
            let viewModel = LocationSearchMixedViewModel.make(backend: FakeGeocoderBackend(), scheduler: scheduler)
            weakViewModel = viewModel
            var seen: [[Location]] = []
            let cancellable = viewModel.locations.sink { seen.append($0) }
            viewModel.query = "Lyon"
            scheduler.start()
            #expect(seen == [[], [Location("Lyon", "FR")]])
            cancellable.cancel()
        }
        #expect(weakViewModel == nil)
    }
}
