import CombineKit
import CombineKitExt
import LiveQuerySample
import RxCombineBridge
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// An inbox screen of one style on an RxKitTest clock (1 tick = 1 ms), with weak handles on the parts
/// that must go away. It is made inside `SharingScheduler.mock(scheduler:)` with that clock, so the Rx
/// and mixed view models' Drivers deliver in virtual time.
private final class InboxHarness {
    let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
    let database: MessageDatabase
    var screen: InboxScreen?
    weak var weakScreen: AnyObject?
    weak var weakViewModel: AnyObject?

    init(_ style: ParityStyle, messages: [Message] = LiveQuerySession.seed) {
        database = LiveQuerySession.makeDatabase(style, scheduler: scheduler, messages: messages)
        let recorder = LiveQuerySession.makeRecorder(SessionClock(scheduler))
        var screen: InboxScreen?
        SharingScheduler.mock(scheduler: scheduler) { screen = makeScreen(style, recorder: recorder) }
        self.screen = screen
        weakScreen = screen
    }

    private func makeScreen(_ style: ParityStyle, recorder: DisplayRecorder<InboxState>) -> InboxScreen {
        let screen: InboxScreen
        switch style {
        case .rx:
            let viewModel = RxInboxViewModel(service: RxMessageService(database: database))
            weakViewModel = viewModel
            screen = RxInboxView(viewModel: viewModel, recorder: recorder)
        case .combine:
            let viewModel = CombineInboxViewModel(service: CombineMessageService(database: database),
                                                  scheduler: scheduler.asCombineScheduler())
            weakViewModel = viewModel
            screen = CombineInboxView(viewModel: viewModel, recorder: recorder)
        case .mixed:
            let viewModel = MixedInboxViewModel(service: CombineMessageService(database: database))
            weakViewModel = viewModel
            screen = RxInboxView(viewModel: viewModel, recorder: recorder)
        }
        return screen
    }

    /// Does `action` at `time` ms and runs the clock to `time + 500`.
    func at(_ time: Int, _ action: @escaping (InboxHarness) -> Void) {
        scheduler.scheduleAt(time) { [weak self] in
            if let self { action(self) }
        }
        scheduler.advanceTo(time + 500)
    }

    var shown: String? { screen?.recorder.current?.description }
}

/// Holds a subscription the way a view controller does, and goes away with it.
private final class Owner {
    let disposeBag = DisposeBag()
    let cancelBag = CancelBag()
}

@Suite("LiveQuery view models")
struct LiveQueryViewModelTests {
    // MARK: - The token's lifetime is the subscription's

    private static func rxDatabase(_ scheduler: TestScheduler) -> MessageDatabase {
        MessageDatabase(messages: LiveQuerySession.seed, latency: 0.3, delaying: RxLiveQueryDelaying(scheduler: scheduler))
    }

    @Test("Rx: the token is invalidated on dispose, on completion and on error")
    func rxToken() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let database = Self.rxDatabase(scheduler)
        let service = RxMessageService(database: database)
        var events: [String] = []
        let disposed = service.messages(.all).subscribe(onNext: { events.append("next \($0.results.count)") })
        let completed = service.messages(.unread).subscribe(onCompleted: { events.append("completed") })
        scheduler.advanceTo(500)
        #expect(events == ["next 3"])
        #expect(database.liveObservations == 2)
        disposed.dispose()
        #expect(database.tokens[0].isInvalidated)
        #expect(!database.tokens[1].isInvalidated)
        database.close()
        #expect(events == ["next 3", "completed"])
        #expect(database.tokens[1].isInvalidated)
        let failed = service.messages(.all).subscribe(onError: { events.append("error \($0)") })
        database.fail(with: .permissionRevoked)
        #expect(events.last == "error permissionRevoked")
        #expect(database.tokens[2].isInvalidated)
        #expect(database.liveObservations == 0)
        _ = [completed, failed]
    }

    @Test("Combine: the token is invalidated on cancel, on finish and on failure")
    func combineToken() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let database = Self.rxDatabase(scheduler)
        let service = CombineMessageService(database: database)
        var events: [String] = []
        let cancelled = service.messages(.all).sink(receiveCompletion: { _ in }, receiveValue: { events.append("value \($0.results.count)") })
        let finished = service.messages(.unread).sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { _ in })
        scheduler.advanceTo(500)
        #expect(events == ["value 3"])
        cancelled.cancel()
        #expect(database.tokens[0].isInvalidated)
        #expect(!database.tokens[1].isInvalidated)
        database.close()
        #expect(events == ["value 3", "finished"])
        #expect(database.tokens[1].isInvalidated)
        let failed = service.messages(.all).sink(receiveCompletion: { events.append("\($0)") }, receiveValue: { _ in })
        database.fail(with: .permissionRevoked)
        #expect(events.last == "failure(LiveQuerySample.LiveQueryError.permissionRevoked)")
        #expect(database.tokens[2].isInvalidated)
        #expect(database.liveObservations == 0)
        _ = [finished, failed]
    }

    @Test("a DisposeBag and a CancelBag end every observation when their owner goes away")
    func bagsEndObservations() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001)
        let database = Self.rxDatabase(scheduler)
        var owner: Owner? = Owner()
        RxMessageService(database: database).messages(.all).subscribe().disposed(by: owner!.disposeBag)
        RxMessageService(database: database).messages(.unread).subscribe().disposed(by: owner!.disposeBag)
        CombineMessageService(database: database).messages(.all)
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: owner!.cancelBag)
        // Through the bridge: the Rx bag cancels the Combine subscription.
        CombineMessageService(database: database).messages(.unread).asObservable().subscribe().disposed(by: owner!.disposeBag)
        scheduler.advanceTo(500)
        #expect(database.liveObservations == 4)
        owner = nil
        #expect(database.liveObservations == 0)
        #expect(database.tokens.count == 4)
    }

    // MARK: - View models

    @Test("an empty result shows (no messages)", arguments: ParityStyle.allCases)
    func emptyResults(style: ParityStyle) {
        let harness = InboxHarness(style, messages: [])
        harness.scheduler.advanceTo(100)
        #expect(harness.shown == "All: loading…")
        harness.scheduler.advanceTo(400)
        #expect(harness.shown == "All: (no messages)")
        harness.at(1_000) { $0.screen?.tapFilter(.unread) }
        #expect(harness.shown == "Unread: (no messages)")
    }

    @Test("a failure shows Retry; Retry opens a new observation that works", arguments: ParityStyle.allCases)
    func failureAndRetry(style: ParityStyle) {
        let harness = InboxHarness(style)
        harness.at(1_000) { $0.database.fail(with: .permissionRevoked) }
        #expect(harness.shown == "All: ! sync lost [Retry]")
        #expect(harness.database.liveObservations == 0)
        harness.at(2_000) { $0.screen?.tapRetry() }
        #expect(harness.shown == "All: Ann*, Bob*, Cy")
        #expect(harness.database.liveObservations == 1)
        harness.at(3_000) { $0.database.receive(sender: "Dee", subject: "Tea") }
        #expect(harness.shown == "All: Ann*, Bob*, Cy, Dee*")
    }

    @Test("tapping the selected filter again keeps the observation", arguments: ParityStyle.allCases)
    func sameFilterKeepsObservation(style: ParityStyle) {
        let harness = InboxHarness(style)
        harness.at(1_000) { $0.screen?.tapFilter(.all) }
        #expect(harness.database.tokens.count == 1)
        #expect(harness.database.liveObservations == 1)
    }

    @Test("the view and the view model go away with the screen, and the observation's token is invalidated",
          arguments: ParityStyle.allCases)
    func noLeaks(style: ParityStyle) {
        let harness = InboxHarness(style)
        harness.at(1_000) { $0.screen?.tapFilter(.unread) }
        #expect(harness.database.liveObservations == 1)
        harness.screen = nil
        #expect(harness.weakScreen == nil)
        #expect(harness.weakViewModel == nil)
        #expect(harness.database.liveObservations == 0)
    }

    @Test("the Rx and the mixed style release every RxKit resource they made", arguments: [ParityStyle.rx, .mixed])
    func rxResourcesReleased(style: ParityStyle) {
        let live = Resources.measure {
            let harness = InboxHarness(style)
            harness.at(1_000) { $0.screen?.tapFilter(.unread) }
            harness.at(2_000) { $0.database.fail(with: .permissionRevoked) }
            harness.at(3_000) { $0.screen?.tapRetry() }
            harness.screen = nil
        }
        #expect(live == 0)
    }
}
