import CombineKit
import Foundation
import PostsSample
import RxCombineBridge
import RxKit
import RxKitTest
import ParityHarness
import Testing

/// Unit tests of the three posts presenters: failures with and without a cache, empty data,
/// cancellation, the presenter as an `ObservableObject`, leaks; and the file cache. Each launch makes
/// its screen inside `SharingScheduler.mock(scheduler:)` with the test's clock, so the Rx presenter's
/// Driver delivers in virtual time.
@Suite struct PostsPresenterTests {
    private func scheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
    }

    private func app(_ style: ParityStyle, _ scheduler: TestScheduler, backend: FakePostsBackend = FakePostsBackend(),
                     cache: InMemoryPostsCache = InMemoryPostsCache()) -> PostsApp {
        PostsApp(backend: backend, cache: cache, now: SessionClock(scheduler).now) { app in
            var screen: PostsScreen?
            SharingScheduler.mock(scheduler: scheduler) { screen = PostsDemo.makeScreen(style, app: app, scheduler: scheduler) }
            return screen!
        }
    }

    private let savedItem = PostItem(post: Post(id: 9, title: "Saved"), details: PostDetails(postID: 9, author: "Di", commentCount: 1))

    @Test(arguments: ParityStyle.allCases)
    func aFailedDetailsRequestFallsBackToTheCache(_ style: ParityStyle) {
        let scheduler = scheduler()
        let backend = FakePostsBackend()
        backend.failDetails(for: 2)
        let app = app(style, scheduler, backend: backend, cache: InMemoryPostsCache([savedItem]))
        app.launch()
        scheduler.advanceTo(1_000)
        #expect(app.recorder.states == [.loading, .offline([savedItem])])
        #expect(app.cache.load() == [savedItem])  // a failed load saves nothing
    }

    @Test(arguments: ParityStyle.allCases)
    func aFailedDetailsRequestWithoutCacheShowsRetryWithItsMessage(_ style: ParityStyle) {
        let scheduler = scheduler()
        let backend = FakePostsBackend()
        backend.failDetails(for: 3)
        let app = app(style, scheduler, backend: backend)
        app.launch()
        scheduler.advanceTo(1_000)
        #expect(app.recorder.current == .retry("Couldn't load post 3"))
    }

    @Test(arguments: ParityStyle.allCases)
    func noPostsIsAnEmptyListAndIsSaved(_ style: ParityStyle) {
        let scheduler = scheduler()
        let app = app(style, scheduler, backend: FakePostsBackend(posts: []))
        app.launch()
        scheduler.advanceTo(1_000)
        #expect(app.recorder.timeline == DisplayTimeline([
            DisplayEvent(time: 0, text: "loading…"), DisplayEvent(time: 300, text: "no posts yet"),
        ]))
        #expect(app.cache.load() == [])
        #expect(app.backend.requests == ["posts"])
    }

    @Test(arguments: ParityStyle.allCases)
    func retryWhileLoadingCancelsTheOlderLoad(_ style: ParityStyle) {
        let scheduler = scheduler()
        let app = app(style, scheduler)
        app.launch()
        scheduler.advanceTo(400)  // posts answered, details in flight
        app.tapRetry()
        scheduler.advanceTo(2_000)
        #expect(app.recorder.entries.map(\.time) == [0, 900])
        #expect(app.backend.requests == ["posts", "posts", "details 1", "details 2", "details 3"])
    }

    @Test func presenterIsAnObservableObjectThatAnnouncesChanges() {
        let scheduler = scheduler()
        let presenter = PostsPresenter(service: CombinePostsService(backend: FakePostsBackend(), scheduler: scheduler.asCombineScheduler()),
                                       cache: InMemoryPostsCache(), scheduler: scheduler.asCombineScheduler())
        var seenBeforeChange: [PostsState] = []
        let cancellable = presenter.objectWillChange.sink { seenBeforeChange.append(presenter.state) }
        scheduler.start()
        // "Will change" sees the old state: the launch load's `.loading` (an equal value still announces a
        // change, as with Combine's @Published), then `.loading` again before the rows land.
        #expect(seenBeforeChange == [.loading, .loading])
        if case .loaded(let items) = presenter.state { #expect(items.count == 3) } else { Issue.record("not loaded") }
        cancellable.cancel()
    }

    @Test(arguments: ParityStyle.allCases)
    func relaunchReleasesTheOldPresenterAndEveryRxSubscriptionEnds(_ style: ParityStyle) {
        weak var weakScreen: PostsScreen?
        let scheduler = scheduler()
        let live = Resources.measure {
            let app = app(style, scheduler)
            app.launch()
            weakScreen = app.screen
            scheduler.advanceTo(400)  // requests in flight
            app.quit()
            scheduler.start()
            #expect(app.recorder.states == [.loading])  // the old presenter's load never lands
        }
        #expect(weakScreen == nil)
        #expect(live == 0)
    }

    @Test func fileCacheSurvivesANewInstance() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("posts-cache-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(FilePostsCache(url: url).load() == nil)
        FilePostsCache(url: url).save([savedItem])
        #expect(FilePostsCache(url: url).load() == [savedItem])
        try Data("not json".utf8).write(to: url)
        #expect(FilePostsCache(url: url).load() == nil)
        FilePostsCache(url: url).clear()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
