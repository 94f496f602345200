import RxCombineBridge
import RxKit
import ParityHarness

/// The posts feature's scripted session, run in every style.
public enum PostsDemo {
    /// The demo's name for the feature.
    public static let name = "posts"

    /// Launch online (load and save), refresh offline (saved rows), fresh install offline (Retry),
    /// back online and Retry (load), relaunch offline (saved rows). Posts take 300 ms, details 200 ms.
    public static var session: ScriptedSession<PostsApp> {
        ScriptedSession<PostsApp>([
            .init(at: 0, "launch (online)") { $0.launch() },
            .init(at: 1_000, "go offline; pull to refresh") { $0.backend.isOnline = false; $0.tapRetry() },
            .init(at: 2_000, "reinstall (cache wiped); launch") { $0.quit(); $0.cache.clear(); $0.launch() },
            .init(at: 3_000, "go online; tap Retry") { $0.backend.isOnline = true; $0.tapRetry() },
            .init(at: 4_000, "go offline; relaunch") { $0.backend.isOnline = false; $0.launch() },
        ], runUntil: 5_000)
    }

    /// A presenter of `style` for `app`, on `scheduler`'s clock, inside a declarative screen. The Rx
    /// presenter delivers through a `Driver`, on the sharing scheduler: make it inside
    /// `SharingScheduler.mock(scheduler:)` with the same `scheduler`. `outputs`, if given, records every
    /// event of the presenter's output from the moment it is made.
    public static func makeScreen(_ style: ParityStyle, app: PostsApp, scheduler: SchedulerType & Sendable,
                                  outputs: PostsOutputs? = nil) -> PostsScreen {
        let nextFrame: (@escaping () -> Void) -> Void = { work in
            _ = scheduler.schedule(()) { _ in
                work()
                return Disposables.create()
            }
        }
        switch style {
        case .rx:
            let presenter = PostsRxPresenter(service: RxPostsService(backend: app.backend, scheduler: scheduler),
                                             cache: app.cache)
            outputs?.record(presenter)
            return PostsScreenView(presenter: presenter, recorder: app.recorder, nextFrame: nextFrame)
        case .combine:
            let combineScheduler = scheduler.asCombineScheduler()
            let presenter = PostsPresenter(service: CombinePostsService(backend: app.backend, scheduler: combineScheduler),
                                           cache: app.cache, scheduler: combineScheduler)
            outputs?.record(presenter)
            return PostsScreenView(presenter: presenter, recorder: app.recorder, nextFrame: nextFrame)
        case .mixed:
            let presenter = PostsMixedPresenter.make(backend: app.backend, cache: app.cache, scheduler: scheduler)
            outputs?.record(presenter)
            return PostsScreenView(presenter: presenter, recorder: app.recorder, nextFrame: nextFrame)
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what was displayed (frames and every state)
    /// and the requests the backend answered.
    ///
    /// The session plays inside `SharingScheduler.mock(scheduler:)` with its own `scheduler` (every launch
    /// makes a presenter), so the Rx presenter's Driver hops to that virtual clock at the same instant,
    /// where the CombineKit presenter's `receive(on: scheduler)` hops.
    /// `outputs`, if given, records each presenter's output (make it with the session's clock).
    public static func play<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>, recording outputs: PostsOutputs? = nil)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        let clock = SessionClock(scheduler)
        let app = PostsApp(now: clock.now) { app in makeScreen(style, app: app, scheduler: scheduler, outputs: outputs) }
        SharingScheduler.mock(scheduler: scheduler) {
            session.play(on: scheduler, target: app)
        }
        return (app.recorder.frames, app.recorder.timeline, app.backend.requests)
    }

    /// Plays the session for `style` on `scheduler` and returns every event of the presenters' output.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> PostsOutputs {
        let outputs = PostsOutputs(now: SessionClock(scheduler).now)
        _ = play(style, on: scheduler, recording: outputs)
        return outputs
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> FeatureRun {
        FeatureRun(
            feature: name,
            summary: "posts + details (flatMap/zip), offline cache, Retry state, ObservableObject presenter",
            script: session.timeline,
            runs: ParityStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the CombineKit presenter over the Rx service (Single → asPublisher(failureType:mapError:)).",
                    "Every style renders through the same declarative view (objectWillChange, then the next frame)."]
        )
    }
}
