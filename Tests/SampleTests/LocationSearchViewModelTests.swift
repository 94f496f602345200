import CombineKit
import LocationSearchSample
import RxCombineBridge
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Unit tests of the three location search view models: failures, empty results, throttling and
/// de-duplication, leaks. Screens are made and driven inside `SharingScheduler.mock(scheduler:)` with
/// the test's clock, so the Rx view model's Drivers throttle and deliver in virtual time.
@Suite struct LocationSearchViewModelTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private func screen(_ style: ParityStyle, _ backend: FakeGeocoderBackend, _ scheduler: TestScheduler) -> LocationSearchScreen {
        let view = LocationSearchDemo.makeScreen(style, backend: backend, scheduler: scheduler, now: SessionClock(scheduler).now)
        view.viewDidLoad()
        return view
    }

    @Test(arguments: ParityStyle.allCases)
    func failureShowsTheMessageAndTheNextQueryClearsIt(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
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
    }

    @Test(arguments: ParityStyle.allCases)
    func noMatchesIsAnEmptyListNotAnError(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let view = screen(style, FakeGeocoderBackend(latency: 100), scheduler)
            view.type("Zzz")
            scheduler.advanceTo(1_000)
            #expect(view.recorder.states == [SearchDisplay(), SearchDisplay(querying: true), SearchDisplay()])
        }
    }

    @Test(arguments: ParityStyle.allCases)
    func fastTypingSendsTheFirstAndTheLatestQueryOnly(_ style: ParityStyle) {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
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
    }

    @Test(arguments: ParityStyle.allCases)
    func viewAndViewModelDeallocateAndRxSubscriptionsEnd(_ style: ParityStyle) {
        weak var weakView: LocationSearchScreen?
        let scheduler = scheduler()
        let live = Resources.measure {
            SharingScheduler.mock(scheduler: scheduler) {
                var view: LocationSearchScreen? = screen(style, FakeGeocoderBackend(), scheduler)
                weakView = view
                view?.type("Lon")
                scheduler.advanceTo(100)  // a request in flight
                view = nil
                scheduler.start()
            }
        }
        #expect(weakView == nil)
        #expect(live == 0)
    }

    /// The Rx view model takes its query as a `Driver<String>` and throttles it on the sharing scheduler:
    /// "Ly" goes out at once, "Lyo" is dropped, "Lyon" goes out when the 500 ms window ends.
    @Test func rxViewModelThrottlesADriverQueryOnTheMockedClock() {
        let scheduler = scheduler()
        SharingScheduler.mock(scheduler: scheduler) {
            let typing = scheduler.createHotObservable([.next(100, "Ly"), .next(150, "Lyo"), .next(200, "Lyon")])
            let backend = FakeGeocoderBackend(latency: 100)
            let viewModel = LocationSearchRxViewModel(query: typing.asDriver(onErrorJustReturn: ""),
                                                      geocoder: RxGeocoder(backend: backend, scheduler: scheduler))
            let bag = DisposeBag()
            let querying = scheduler.createObserver(Bool.self)
            let rows = scheduler.createObserver([Location].self)
            viewModel.querying.drive(querying).disposed(by: bag)
            viewModel.locations.drive(rows).disposed(by: bag)
            scheduler.advanceTo(1_000)
            #expect(backend.requests == ["Ly", "Lyon"])
            #expect(querying.events == [.next(100, true), .next(200, false), .next(600, true), .next(700, false)])
            #expect(rows.events == [.next(100, []), .next(200, [Location("Lyon", "FR")])])
        }
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
