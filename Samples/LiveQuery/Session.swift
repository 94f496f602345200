import Foundation
import RxCombineBridge
import RxKit
import ParityHarness

/// What the scripted session acts on: the screen, and the database (where other devices write).
public struct LiveQuerySessionTarget {
    /// The headless screen the user taps.
    public let screen: InboxScreen
    /// The database behind it.
    public let database: MessageDatabase
}

/// The scripted user session of the live-query sample, in virtual time.
public enum LiveQuerySession {
    /// The messages the database starts with.
    public static let seed = [
        Message(id: 1, sender: "Ann", subject: "Lunch?"),
        Message(id: 2, sender: "Bob", subject: "Report"),
        Message(id: 3, sender: "Cy", subject: "Hi", isRead: true),
    ]
    /// Seconds until an observation's first results.
    public static let latency = 0.3

    /// The session: a message arrives, one is read, the filter changes (the old query ends), a
    /// message is read elsewhere, sync fails, Retry, and the database closes.
    public static var script: ScriptedSession<LiveQuerySessionTarget> {
        ScriptedSession([
            .init(at: 1_000, "Dee's message arrives") { $0.database.receive(sender: "Dee", subject: "Tea") },
            .init(at: 2_000, "read Ann's message") { $0.database.markRead(id: 1) },
            .init(at: 3_000, "tap Unread") { $0.screen.tapFilter(.unread) },
            .init(at: 4_000, "Bob's read elsewhere") { $0.database.markRead(id: 2) },
            .init(at: 5_000, "sync permission lost") { $0.database.fail(with: .permissionRevoked) },
            .init(at: 6_000, "tap Retry") { $0.screen.tapRetry() },
            .init(at: 7_000, "log out: db closes") { $0.database.close() },
        ], runUntil: 8_000)
    }

    /// A database for `style` whose latency runs on `scheduler` (through the style's own scheduler type).
    public static func makeDatabase(_ style: ParityStyle, scheduler: SchedulerType, messages: [Message] = seed) -> MessageDatabase {
        switch style {
        case .rx:
            return MessageDatabase(messages: messages, latency: latency, delaying: RxLiveQueryDelaying(scheduler: scheduler))
        case .combine, .mixed:
            return MessageDatabase(messages: messages, latency: latency,
                                   delaying: CombineLiveQueryDelaying(scheduler: scheduler.asCombineScheduler()))
        }
    }

    /// The screen of `style` over `database`, its view model delivering on `scheduler`. The Rx and mixed
    /// view models deliver through a `Driver` instead, on the sharing scheduler: make and use them inside
    /// `SharingScheduler.mock(scheduler:)` with the same `scheduler`. `outputs`, if given, records every
    /// event of the view model's output from the moment it is made.
    public static func makeScreen(_ style: ParityStyle, database: MessageDatabase, scheduler: SchedulerType,
                                  recorder: DisplayRecorder<InboxState>, outputs: LiveQueryOutputs? = nil) -> InboxScreen {
        switch style {
        case .rx:
            let viewModel = RxInboxViewModel(service: RxMessageService(database: database))
            outputs?.record(viewModel)
            return RxInboxView(viewModel: viewModel, recorder: recorder)
        case .combine:
            let viewModel = CombineInboxViewModel(service: CombineMessageService(database: database),
                                                  scheduler: scheduler.asCombineScheduler())
            outputs?.record(viewModel)
            return CombineInboxView(viewModel: viewModel, recorder: recorder)
        case .mixed:
            let viewModel = MixedInboxViewModel(service: CombineMessageService(database: database))
            outputs?.record(viewModel)
            return RxInboxView(viewModel: viewModel, recorder: recorder)
        }
    }

    /// A recorder for an inbox screen on `clock`.
    public static func makeRecorder(_ clock: SessionClock) -> DisplayRecorder<InboxState> {
        DisplayRecorder(now: clock.now, render: \.description)
    }

    /// What one run of the session produced.
    public struct Result {
        /// What the screen displayed, and when.
        public let timeline: DisplayTimeline
        /// Notification tokens the database handed out.
        public let tokensIssued: Int
        /// Tokens not invalidated after the screen went away (should be 0).
        public let tokensLeft: Int
    }

    /// Runs the script against `style` on a fresh virtual clock, then closes the screen. Everything runs
    /// inside `SharingScheduler.mock(scheduler:)` with the session's clock, so the Rx view model's Driver
    /// hops to that clock, as the Combine view model's `receive(on:)` does (at the same virtual instant).
    public static func run(_ style: ParityStyle) -> Result {
        run(style, on: HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0)))
    }

    /// Runs the script against `style` on `scheduler` (fresh, at its initial time), then closes the
    /// screen; `outputs`, if given, records the view model's output (make it with the session's clock).
    public static func run<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>, recording outputs: LiveQueryOutputs? = nil) -> Result {
        let database = makeDatabase(style, scheduler: scheduler)
        let recorder = makeRecorder(SessionClock(scheduler))
        SharingScheduler.mock(scheduler: scheduler) {
            script.play(on: scheduler, target: LiveQuerySessionTarget(
                screen: makeScreen(style, database: database, scheduler: scheduler, recorder: recorder, outputs: outputs),
                database: database))
        }
        return Result(timeline: recorder.timeline, tokensIssued: database.tokens.count, tokensLeft: database.liveObservations)
    }

    /// Plays the session for `style` on `scheduler` and returns every event of the view model's output.
    public static func recordOutputs<C>(_ style: ParityStyle, on scheduler: VirtualTimeScheduler<C>) -> LiveQueryOutputs {
        let outputs = LiveQueryOutputs(now: SessionClock(scheduler).now)
        _ = run(style, on: scheduler, recording: outputs)
        return outputs
    }
}

/// The live-query sample for the demo.
public enum LiveQueryDemo {
    /// The name `swift run demo` takes.
    public static let name = "live-query"

    /// Runs the scripted session in all three styles.
    public static func run() -> FeatureRun {
        let results = ParityStyle.allCases.map { ($0, LiveQuerySession.run($0)) }
        let tokens = results.map { "\($0.0.rawValue) \($0.1.tokensIssued - $0.1.tokensLeft)/\($0.1.tokensIssued)" }
        return FeatureRun(
            feature: name,
            summary: "a token-based live query (observe { changes } -> token) wrapped as Observable / publisher",
            script: LiveQuerySession.script.timeline,
            runs: results.map { StyleRun(style: $0.0, timeline: $0.1.timeline) },
            notes: [
                "tokens invalidated (on filter change, on failure, on close): " + tokens.joined(separator: ", "),
                "Rx: Observable.create + Disposables.create { token.invalidate() }; "
                    + "Combine: a subject, the observation started in handleEvents(receiveSubscription:), the token "
                    + "invalidated in onDispose.",
            ])
    }
}
