import CombineKit
import ParityHarness
import RxCombineBridge
import RxKit

/// The posts feed's scripted session (the MVP presenter on two publishers), run in every style.
public enum PostsFeedDemo {
    /// The demo's name for the feature.
    public static let name = "posts-feed"

    /// Launch online (load, save, draw), refresh offline (saved rows and a banner), refresh online,
    /// relaunch offline (the saved rows at once, then a banner), refresh twice quickly online (the first
    /// load is cancelled). Posts take 300 ms, details 200 ms.
    public static var session: ScriptedSession<PostsFeedApp> {
        ScriptedSession<PostsFeedApp>([
            .init(at: 0, "launch (online)") { $0.launch() },
            .init(at: 1_000, "go offline; pull to refresh") { $0.backend.isOnline = false; $0.pullToRefresh() },
            .init(at: 2_000, "go online; pull to refresh") { $0.backend.isOnline = true; $0.pullToRefresh() },
            .init(at: 3_000, "go offline; relaunch") { $0.backend.isOnline = false; $0.launch() },
            .init(at: 4_000, "go online; pull to refresh") { $0.backend.isOnline = true; $0.pullToRefresh() },
            .init(at: 4_100, "pull to refresh again") { $0.pullToRefresh() },
        ], runUntil: 5_000)
    }

    /// An app whose launches make presenters of `style` on `scheduler`'s clock, saving into one store of
    /// saved posts (empty at first) that outlives launches: a `BehaviorRelay` in the Rx and mixed styles
    /// (the mixed presenter sees it as a Combine `Subject`), a `CurrentValueSubject` in the Combine style.
    /// `outputs`, if given, records every presenter call and every value of the store.
    public static func makeApp(_ style: ParityStyle, scheduler: SchedulerType & Sendable, backend: FakePostsBackend = FakePostsBackend(),
                               outputs: PostsFeedOutputs? = nil) -> PostsFeedApp {
        let now = SessionClock(scheduler).now
        switch style {
        case .rx:
            let saved = BehaviorRelay<[PostItem]>(value: [])
            outputs?.record(saved: saved)
            return PostsFeedApp(backend: backend, now: now, outputs: outputs) { backend in
                PostsFeedRxPresenter(service: RxPostsService(backend: backend, scheduler: scheduler), saved: saved, scheduler: scheduler)
            }
        case .combine:
            let saved = CurrentValueSubject<[PostItem], Never>([])
            outputs?.record(saved: saved)
            let combineScheduler = scheduler.asCombineScheduler()
            return PostsFeedApp(backend: backend, now: now, outputs: outputs) { backend in
                PostsFeedPresenter(service: CombinePostsService(backend: backend, scheduler: combineScheduler), saved: saved,
                                   scheduler: combineScheduler)
            }
        case .mixed:
            let saved = BehaviorRelay<[PostItem]>(value: [])
            outputs?.record(saved: saved)
            return PostsFeedApp(backend: backend, now: now, outputs: outputs) { backend in
                PostsFeedMixedPresenter.make(backend: backend, saved: saved, scheduler: scheduler)
            }
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what was displayed (frames and every state)
    /// and the requests the backend answered. `outputs`, if given, records the presenters' output (make
    /// it with the session's clock).
    public static func play<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>, recording outputs: PostsFeedOutputs? = nil)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline, requests: [String]) {
        let app = makeApp(style, scheduler: scheduler, outputs: outputs)
        session.play(on: scheduler, target: app)
        return (app.recorder.frames, app.recorder.timeline, app.backend.requests)
    }

    /// Plays the session for `style` on `scheduler` and returns every event of the presenters' output.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> PostsFeedOutputs {
        let outputs = PostsFeedOutputs(now: SessionClock(scheduler).now)
        _ = play(style, on: scheduler, recording: outputs)
        return outputs
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> FeatureRun {
        FeatureRun(
            feature: name,
            summary: "MVP presenter on two publishers (saved posts + network posts), passive view, pull to refresh",
            script: session.timeline,
            runs: ParityStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the CombineKit presenter over the Rx service, and the app's BehaviorRelay of saved posts "
                        + "as a Combine Subject (toCombine(): send = accept, completion ignored).",
                    "The presenter pushes into a passive view (show(posts:), show(loading:), show(error:)); the screen draws each call."]
        )
    }
}
