import RxCombineBridge
import RxKit
import SampleSupport

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

    /// A fresh screen of `style` over `file`, on `scheduler`'s clock.
    public static func makeScreen(_ style: SampleStyle, file: RatesFile, scheduler: SchedulerType & Sendable,
                                  now: @escaping () -> Int) -> CurrencyScreen {
        switch style {
        case .rx:
            let service = RxRatesService(file: file, scheduler: scheduler)
            return CurrencyRxView(viewModel: CurrencyRxViewModel(service: service, scheduler: scheduler), now: now)
        case .combine:
            let combineScheduler = scheduler.asCombineScheduler()
            let service = CombineRatesService(file: file, scheduler: combineScheduler)
            return CurrencyCombineView(viewModel: CurrencyViewModel(service: service, scheduler: combineScheduler), now: now)
        case .mixed:
            return CurrencyRxView(viewModel: CurrencyMixedViewModel.make(file: file, scheduler: scheduler), now: now)
        }
    }

    /// Plays the session for `style` on `scheduler`; returns what the screen displayed, as frames and as
    /// every state it passed through.
    public static func play<C>(_ style: SampleStyle, on scheduler: VirtualTimeScheduler<C>)
        -> (frames: DisplayTimeline, transitions: DisplayTimeline) {
        let clock = SessionClock(scheduler)
        let file = FakeRatesFile()
        let screen = makeScreen(style, file: file, scheduler: scheduler, now: clock.now)
        session.play(on: scheduler, target: Target(file: file, screen: screen))
        return (screen.recorder.frames, screen.recorder.timeline)
    }

    /// The session in every style, each on its own `HistoricalScheduler`.
    public static func run() -> SampleRun {
        SampleRun(
            feature: name,
            summary: "rates JSON resource, reload with flatMapLatest/switchToLatest, errors as messages",
            script: session.timeline,
            runs: SampleStyle.allCases.map { StyleRun(style: $0, timeline: play($0, on: HistoricalScheduler()).frames) },
            notes: ["Mixed = the Rx view model over the Combine service, bridged with asObservable()."]
        )
    }
}
