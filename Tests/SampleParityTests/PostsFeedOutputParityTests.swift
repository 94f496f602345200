import CombineKit
import ParityHarness
import ParityTesting
import PostsSample
import RxKit
import RxKitTest
import Testing

/// The feed presenters' output, event by event, in the Rx, Combine and mixed styles: every call they make
/// on their passive view, and every value of the saved posts they read and write, across the session's
/// launches (posts 300 ms, details 200 ms; see `PostsFeedDemo.session`).
@Suite struct PostsFeedOutputParityTests {
    private static func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private static func record(_ style: ParityStyle) -> PostsFeedOutputs {
        PostsFeedDemo.recordOutputs(style, on: scheduler())
    }

    /// `FakePostsBackend.samplePosts` with their details: authors Ann, Bo, Cy; 1, 3, 5 comments.
    private static let items = [
        PostItem(post: Post(id: 1, title: "Hello, Combine"), details: PostDetails(postID: 1, author: "Ann", commentCount: 1)),
        PostItem(post: Post(id: 2, title: "Bridging Rx"), details: PostDetails(postID: 2, author: "Bo", commentCount: 3)),
        PostItem(post: Post(id: 3, title: "Parity tests"), details: PostDetails(postID: 3, author: "Cy", commentCount: 5)),
    ]

    /// A load's success: the indicator and banner go at once; the rows come back through the saved
    /// posts, one hop later in the same instant. A `BehaviorRelay` and a `CurrentValueSubject` emit on
    /// every `accept`/`send`, equal or not, so the second load's rows are drawn again.
    private static func loaded(at time: Int) -> [ParityRecord<PostsFeedCall>] {
        [.value(time, .loading(false)), .value(time, .error(nil)), .value(time, .posts(items))]
    }

    private static func failed(at time: Int) -> [ParityRecord<PostsFeedCall>] {
        [.value(time, .loading(false)), .value(time, .error("You're offline"))]
    }

    @Test func viewCallsMatchEventByEvent() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        var expected: [ParityRecord<PostsFeedCall>] = [.value(0, .posts([])), .value(0, .loading(true))]
        expected += Self.loaded(at: 500)
        expected += [.value(1_000, .loading(true))]
        expected += Self.failed(at: 1_300)
        expected += [.value(2_000, .loading(true))]
        expected += Self.loaded(at: 2_500)
        // relaunch: the new presenter draws the saved rows at once
        expected += [.value(3_000, .posts(Self.items)), .value(3_000, .loading(true))]
        expected += Self.failed(at: 3_300)
        // the refresh at 4100 cancels the one at 4000 (flatMapLatest / switchToLatest)
        expected += [.value(4_000, .loading(true)), .value(4_100, .loading(true))]
        expected += Self.loaded(at: 4_600)
        #expect(ParityTimeline(rx.view.events) == ParityTimeline(expected))
        Parity.expect(recorded: "posts feed: view", rx: rx.view, combine: combine.view, mixed: mixed.view)
    }

    /// The mixed presenter writes the app's `BehaviorRelay` through the bridge's relay-as-`Subject`
    /// (`send` is `accept`): the relay, as Rx code reads it, goes through the same values at the same
    /// times as when the Rx presenter `accept`s into it, and as the Combine style's `CurrentValueSubject`.
    @Test func savedPostsRelayExposedAsASubjectBehavesAsTheRxStyle() {
        let rx = Self.record(.rx), combine = Self.record(.combine), mixed = Self.record(.mixed)
        #expect(ParityTimeline(rx.saved.events) == [.value(0, []), .value(500, Self.items), .value(2_500, Self.items), .value(4_600, Self.items)])
        Parity.expect(recorded: "posts feed: saved posts", rx: rx.saved, combine: combine.saved, mixed: mixed.saved)
    }

    /// A deliberately broken variant: the Rx presenter behind a proxy view that draws every rows value
    /// twice. Compared with the real presenters, the check fails on the extra calls.
    @Test func aPresenterDrawingTheRowsTwiceFailsTheComparison() {
        final class TwiceRows: PostsFeedPresenting, PostsFeedView {
            let presenter: PostsFeedPresenting
            weak var view: PostsFeedView?
            init(_ presenter: PostsFeedPresenting) { self.presenter = presenter }
            func attach(_ view: PostsFeedView) { self.view = view; presenter.attach(self) }
            func refresh() { presenter.refresh() }
            func show(posts: [PostItem]) { view?.show(posts: posts); view?.show(posts: posts) }
            func show(loading: Bool) { view?.show(loading: loading) }
            func show(error message: String?) { view?.show(error: message) }
        }
        let scheduler = Self.scheduler()
        let broken = PostsFeedOutputs(now: SessionClock(scheduler).now)
        let saved = BehaviorRelay<[PostItem]>(value: [])
        let app = PostsFeedApp(now: SessionClock(scheduler).now, outputs: broken) { backend in
            TwiceRows(PostsFeedRxPresenter(service: RxPostsService(backend: backend, scheduler: scheduler), saved: saved, scheduler: scheduler))
        }
        PostsFeedDemo.session.play(on: scheduler, target: app)
        let report = Parity.compare(recorded: "posts feed: view", rx: Self.record(.rx).view, combine: Self.record(.combine).view,
                                    mixed: broken.view)
        #expect(!report.passed)
        #expect(report.problems == ["The mixed (bridged) pipeline differs from the RxKit timeline."])
        #expect(report.mixed?.records.count == Self.record(.rx).view.events.count + 5)  // five rows values drawn twice
    }

    /// The relay seen as a `Subject` (what the mixed presenter holds) against the relay itself: a
    /// subscriber gets the current value first, then each accepted value (RxRelay: BehaviorRelay replays
    /// its current value); `send(completion:)` is ignored (RxRelay: a relay never completes), where a
    /// `CurrentValueSubject` would finish.
    @Test func relaySubjectReplaysAcceptsAndIgnoresCompletionAsTheRelay() {
        let scheduler = Self.scheduler()
        let clock = SessionClock(scheduler)
        let viaRx = EventRecorder<[PostItem]>(now: clock.now), viaSubject = EventRecorder<[PostItem]>(now: clock.now)
        let relay = BehaviorRelay<[PostItem]>(value: [Self.items[0]])
        let subject = relay.toCombine()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(100)) { _ in
            viaRx.record(relay)
            viaSubject.record(subject)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(200)) { _ in
            subject.send(Self.items)
            return Disposables.create()
        }
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(300)) { _ in
            subject.send(completion: .finished)
            relay.accept([])
            return Disposables.create()
        }
        scheduler.start()
        let expected: ParityTimeline<[PostItem]> = [.value(100, [Self.items[0]]), .value(200, Self.items), .value(300, [])]
        #expect(ParityTimeline(viaRx.events) == expected)
        #expect(ParityTimeline(viaSubject.events) == expected)
        #expect(relay.value == [])
    }
}
