import RxCombineBridge
import RxKit
import ParityHarness

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

    /// A fresh screen of `style` over `backend`, on `scheduler`'s clock. The Rx screen's Drivers (its
    /// query, throttle and outputs) run on the sharing scheduler: make and use it inside
    /// `SharingScheduler.mock(scheduler:)` with the same `scheduler`. `outputs`, if given, records every
    /// event of the view model's outputs from the moment it is made.
    public static func makeScreen(_ style: ParityStyle, backend: FakeGeocoderBackend, scheduler: SchedulerType & Sendable,
                                  now: @escaping () -> Int, outputs: LocationSearchOutputs? = nil) -> LocationSearchScreen {
        switch style {
        case .rx:
            let geocoder = RxGeocoder(backend: backend, scheduler: scheduler)
            return LocationSearchRxView(now: now) { query in
                let viewModel = LocationSearchRxViewModel(query: query, geocoder: geocoder)
                outputs?.record(viewModel)
                return viewModel
            }
        case .combine:
            let combineScheduler = scheduler.asCombineScheduler()
            let geocoder = CombineGeocoder(backend: backend, scheduler: combineScheduler)
            let viewModel = LocationSearchViewModel(geocoder: geocoder, scheduler: combineScheduler)
            outputs?.record(viewModel)
            return LocationSearchCombineView(viewModel: viewModel, now: now)
        case .mixed:
            let viewModel = LocationSearchMixedViewModel.make(backend: backend, scheduler: scheduler)
            outputs?.record(viewModel)
            return LocationSearchCombineView(viewModel: viewModel, now: now)
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what the screen displayed (frames, and every
    /// state it passed through) and the queries the backend answered.
    ///
    /// The screen is made, bound and played inside `SharingScheduler.mock(scheduler:)` with the session's
    /// own `scheduler`, so the Rx view model's Drivers throttle and deliver on the same virtual clock as
    /// the geocoder and the Combine view model (whose `throttle` and `receive(on:)` take that scheduler).
    /// `outputs`, if given, records the view model's outputs (make it with the session's clock).
    public static func play<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>, recording outputs: LocationSearchOutputs? = nil)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        var result = (frames: DisplayTimeline(), transitions: DisplayTimeline(), requests: [String]())
        SharingScheduler.mock(scheduler: scheduler) {
            let clock = SessionClock(scheduler)
            let backend = FakeGeocoderBackend()
            let screen = makeScreen(style, backend: backend, scheduler: scheduler, now: clock.now, outputs: outputs)
            session.play(on: scheduler, target: Target(backend: backend, screen: screen))
            result = (screen.recorder.frames, screen.recorder.timeline, backend.requests)
        }
        return result
    }

    /// Plays the session for `style` on `scheduler` and returns every event of the view model's outputs.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> LocationSearchOutputs {
        let outputs = LocationSearchOutputs(now: SessionClock(scheduler).now)
        _ = play(style, on: scheduler, recording: outputs)
        return outputs
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> FeatureRun {
        FeatureRun(
            feature: name,
            summary: "typed query, removeDuplicates, throttle 0.5 s latest, geocoder 700 ms, querying flag",
            script: session.timeline,
            runs: ParityStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the Combine view model over the Rx geocoder, bridged with asPublisher(failureType:mapError:)."]
        )
    }
}
