import CombineKit
import ParityHarness
import PostsSample
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

/// Unit tests of the three feed presenters (MVP on two publishers): failures with and without saved
/// rows, and the presenter and its subscriptions going away with its screen.
@Suite struct PostsFeedPresenterTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    /// A presenter of `style` whose saved posts start as `saved`.
    private func presenter(_ style: ParityStyle, _ scheduler: TestScheduler, backend: FakePostsBackend,
                           saved: [PostItem] = []) -> PostsFeedPresenting {
        switch style {
        case .rx:
            return PostsFeedRxPresenter(service: RxPostsService(backend: backend, scheduler: scheduler),
                                        saved: BehaviorRelay(value: saved), scheduler: scheduler)
        case .combine:
            return PostsFeedPresenter(service: CombinePostsService(backend: backend, scheduler: scheduler.asCombineScheduler()),
                                      saved: CurrentValueSubject(saved), scheduler: scheduler.asCombineScheduler())
        case .mixed:
            return PostsFeedMixedPresenter.make(backend: backend, saved: BehaviorRelay(value: saved), scheduler: scheduler)
        }
    }

    private let savedItem = PostItem(post: Post(id: 9, title: "Saved"), details: PostDetails(postID: 9, author: "Di", commentCount: 1))

    @Test(arguments: ParityStyle.allCases)
    func firstLaunchOfflineShowsNoPostsAndTheBanner(_ style: ParityStyle) {
        let scheduler = scheduler()
        let backend = FakePostsBackend()
        backend.isOnline = false
        let outputs = PostsFeedOutputs(now: SessionClock(scheduler).now)
        let screen = PostsFeedScreen(presenter: presenter(style, scheduler, backend: backend),
                                     recorder: DisplayRecorder(now: SessionClock(scheduler).now, render: \.rendered), outputs: outputs)
        screen.appear()
        scheduler.advanceTo(1_000)
        #expect(outputs.view.events.map(\.time) == [0, 0, 300, 300])
        #expect(outputs.view.values == [.posts([]), .loading(true), .loading(false), .error("You're offline")])
    }

    @Test(arguments: ParityStyle.allCases)
    func aFailedDetailsRequestKeepsTheSavedRowsAndShowsItsMessage(_ style: ParityStyle) {
        let scheduler = scheduler()
        let backend = FakePostsBackend()
        backend.failDetails(for: 2)
        let outputs = PostsFeedOutputs(now: SessionClock(scheduler).now)
        let recorder = DisplayRecorder<PostsFeedDisplay>(now: SessionClock(scheduler).now, render: \.rendered)
        let screen = PostsFeedScreen(presenter: presenter(style, scheduler, backend: backend, saved: [savedItem]),
                                     recorder: recorder, outputs: outputs)
        screen.appear()
        scheduler.advanceTo(1_000)
        #expect(outputs.view.values == [.posts([savedItem]), .loading(true), .loading(false), .error("Couldn't load post 2")])
        #expect(recorder.current?.rendered == "1 post, ! Couldn't load post 2")
    }

    @Test(arguments: ParityStyle.allCases)
    func thePresenterAndItsLoadGoWithItsScreen(_ style: ParityStyle) {
        let scheduler = scheduler()
        let backend = FakePostsBackend()
        let outputs = PostsFeedOutputs(now: SessionClock(scheduler).now)
        weak var weakPresenter: PostsFeedPresenting?
        var screen: PostsFeedScreen? = {
            let presenter = presenter(style, scheduler, backend: backend)
            weakPresenter = presenter
            return PostsFeedScreen(presenter: presenter, recorder: DisplayRecorder(now: SessionClock(scheduler).now, render: \.rendered),
                                   outputs: outputs)
        }()
        screen?.appear()
        scheduler.advanceTo(100)
        screen = nil
        #expect(weakPresenter == nil)
        scheduler.advanceTo(1_000)
        #expect(outputs.view.values == [.posts([]), .loading(true)])
        #expect(backend.requests.isEmpty)  // the posts request (due at 300) was cancelled
    }
}
