import RxCombineBridge
import RxKit
import SampleSupport

/// The location search feature's scripted session, run in every style.
public enum LocationSearchDemo {
    /// The demo's name for the feature.
    public static let name = "search"

    /// What the session drives: the geocoder backend and the screen.
    public struct Target {
        /// The fake geocoding backend (700 ms per request).
        public let backend: FakeGeocoderBackend
        /// The screen under test.
        public let screen: LocationSearchScreen
    }

    /// Type "Lon", "Lond", "London" 100 ms apart (throttled: "Lon" goes out, then "London" cancels it),
    /// add a trailing space (de-duplicated), clear, search for nothing, then hit a geocoder failure.
    public static var session: ScriptedSession<Target> {
        ScriptedSession<Target>([
            .init(at: 0, "open screen") { $0.screen.viewDidLoad() },
            .init(at: 1_000, "type \"Lon\"") { $0.screen.type("Lon") },
            .init(at: 1_100, "type \"Lond\"") { $0.screen.type("Lond") },
            .init(at: 1_200, "type \"London\"") { $0.screen.type("London") },
            .init(at: 2_500, "type \"London \"") { $0.screen.type("London ") },
            .init(at: 3_000, "clear") { $0.screen.type("") },
            .init(at: 3_500, "type \"Atlantis\"") { $0.screen.type("Atlantis") },
            .init(at: 4_500, "geocoder fails; type \"Paris\"") { $0.backend.fail("Paris"); $0.screen.type("Paris") },
        ], runUntil: 6_000)
    }

    /// A fresh screen of `style` over `backend`, on `scheduler`'s clock.
    public static func makeScreen(_ style: SampleStyle, backend: FakeGeocoderBackend, scheduler: SchedulerType & Sendable,
                                  now: @escaping () -> Int) -> LocationSearchScreen {
        switch style {
        case .rx:
            let geocoder = RxGeocoder(backend: backend, scheduler: scheduler)
            return LocationSearchRxView(now: now) { query in
                LocationSearchRxViewModel(query: query, geocoder: geocoder, scheduler: scheduler)
            }
        case .combine:
            let combineScheduler = scheduler.asCombineScheduler()
            let geocoder = CombineGeocoder(backend: backend, scheduler: combineScheduler)
            return LocationSearchCombineView(viewModel: LocationSearchViewModel(geocoder: geocoder, scheduler: combineScheduler), now: now)
        case .mixed:
            return LocationSearchCombineView(viewModel: LocationSearchMixedViewModel.make(backend: backend, scheduler: scheduler), now: now)
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what the screen displayed (frames, and every
    /// state it passed through) and the queries the backend answered.
    public static func play<C>(_ style: SampleStyle, on scheduler: VirtualTimeScheduler<C>)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        let clock = SessionClock(scheduler)
        let backend = FakeGeocoderBackend()
        let screen = makeScreen(style, backend: backend, scheduler: scheduler, now: clock.now)
        session.play(on: scheduler, target: Target(backend: backend, screen: screen))
        return (screen.recorder.frames, screen.recorder.timeline, backend.requests)
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> SampleRun {
        SampleRun(
            feature: name,
            summary: "typed query, removeDuplicates, throttle 0.5 s latest, geocoder 700 ms, querying flag",
            script: session.timeline,
            runs: SampleStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the Combine view model over the Rx geocoder, bridged with asPublisher(failureType:mapError:)."]
        )
    }
}
