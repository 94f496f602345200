import RxCombineBridge
import RxKit
import ParityHarness

/// The currency feature's scripted session, run in every style (for the demo and the parity tests).
public enum CurrencyDemo {
    /// The demo's name for the feature.
    public static let name = "currency"

    /// What the session drives: the rates file and the screen.
    public struct Target {
        /// The rates file the service reads.
        public let file: FakeRatesFile
        /// The screen under test.
        public let screen: CurrencyScreen

        /// A target of `file` and `screen`.
        public init(file: FakeRatesFile, screen: CurrencyScreen) {
            self.file = file
            self.screen = screen
        }
    }

    /// Open (load), reload with a malformed file, reload twice quickly (the first load is cancelled),
    /// reload with the file missing. The service takes 300 ms.
    public static var session: ScriptedSession<Target> {
        ScriptedSession<Target>([
        .init(at: 0, "open screen") { $0.screen.viewDidLoad() },
        .init(at: 1_000, "file malformed; Reload") { $0.file.set(.malformed); $0.screen.tapReload() },
        .init(at: 2_000, "file fixed; Reload") { $0.file.set(.bundled); $0.screen.tapReload() },
        .init(at: 2_100, "Reload again") { $0.screen.tapReload() },
        .init(at: 3_000, "file deleted; Reload") { $0.file.set(.missing); $0.screen.tapReload() },
    ], runUntil: 4_000)
    }

    /// A fresh screen of `style` over `file`, on `scheduler`'s clock. The Rx and mixed screens' Drivers
    /// deliver on the sharing scheduler: make and use them inside `SharingScheduler.mock(scheduler:)` with
    /// the same `scheduler`, so every style runs on one virtual clock. `outputs`, if given, records every
    /// event of the view model's outputs from the moment it is made.
    public static func makeScreen(_ style: ParityStyle, file: RatesFile, scheduler: SchedulerType & Sendable,
                                  now: @escaping () -> Int, outputs: CurrencyOutputs? = nil) -> CurrencyScreen {
        switch style {
        case .rx:
            let viewModel = CurrencyRxViewModel(service: RxRatesService(file: file, scheduler: scheduler))
            outputs?.record(viewModel)
            return CurrencyRxView(viewModel: viewModel, now: now)
        case .combine:
            let combineScheduler = scheduler.asCombineScheduler()
            let viewModel = CurrencyViewModel(service: CombineRatesService(file: file, scheduler: combineScheduler), scheduler: combineScheduler)
            outputs?.record(viewModel)
            return CurrencyCombineView(viewModel: viewModel, now: now)
        case .mixed:
            let viewModel = CurrencyMixedViewModel.make(file: file, scheduler: scheduler)
            outputs?.record(viewModel)
            return CurrencyRxView(viewModel: viewModel, now: now)
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what the screen displayed, as frames and as
    /// every state it passed through.
    ///
    /// The screen is made, bound and played inside `SharingScheduler.mock(scheduler:)` with the session's
    /// own `scheduler`: the Rx view model's Drivers then hop to that virtual clock, the way the view model
    /// used to `observe(on: scheduler)` before it had Drivers, and the way the Combine view model does
    /// `receive(on: scheduler)`. (The hop is at the same virtual instant, so it moves no display in time.)
    public static func play<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline) {
        var result = (frames: DisplayTimeline(), transitions: DisplayTimeline())
        SharingScheduler.mock(scheduler: scheduler) {
            let clock = SessionClock(scheduler)
            let file = FakeRatesFile()
            let screen = makeScreen(style, file: file, scheduler: scheduler, now: clock.now)
            session.play(on: scheduler, target: Target(file: file, screen: screen))
            result = (screen.recorder.frames, screen.recorder.timeline)
        }
        return result
    }

    /// Plays the session for `style` on `scheduler`, as `play` does, and returns every event of the view
    /// model's outputs.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> CurrencyOutputs {
        let outputs = CurrencyOutputs(now: SessionClock(scheduler).now)
        SharingScheduler.mock(scheduler: scheduler) {
            let file = FakeRatesFile()
            let screen = makeScreen(style, file: file, scheduler: scheduler, now: SessionClock(scheduler).now, outputs: outputs)
            session.play(on: scheduler, target: Target(file: file, screen: screen))
        }
        return outputs
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> FeatureRun {
        FeatureRun(
            feature: name,
            summary: "rates JSON resource, reload with flatMapLatest/switchToLatest, errors as messages",
            script: session.timeline,
            runs: ParityStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the Rx view model over the Combine service, bridged with asObservable().",
                    "Unlike its story, which clears the rates on an error, a failed load keeps the last rates on screen."]
        )
    }
}
