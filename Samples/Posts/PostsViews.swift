import CombineKit
import RxKit
import ParityHarness

/// A screen the posts app shows, whatever its presenter's style.
public protocol PostsScreen: AnyObject {
    /// The screen appears: renders and starts observing its presenter.
    func appear()
    /// The user taps Retry (or pulls to refresh).
    func tapRetry()
}

/// A headless declarative view (what a SwiftUI `View` with `@ObservedObject var presenter` does): it
/// renders `presenter.state` when it appears and, after each `objectWillChange`, on the next frame (the
/// change lands after "will change"), like SwiftUI's render pass. It is the same for every style: the
/// presenter is the layer being migrated. Holds its subscription in a `Set<AnyCancellable>`, `[weak self]`.
public final class PostsScreenView<Presenter: PostsPresenting>: PostsScreen {
    private let presenter: Presenter
    private let recorder: DisplayRecorder<PostsState>
    private let nextFrame: (@escaping () -> Void) -> Void
    private var cancellables = Set<AnyCancellable>()

    /// A view of `presenter`, recording into `recorder`; `nextFrame` runs a render after the current event.
    public init(presenter: Presenter, recorder: DisplayRecorder<PostsState>, nextFrame: @escaping (@escaping () -> Void) -> Void) {
        self.presenter = presenter
        self.recorder = recorder
        self.nextFrame = nextFrame
    }

    /// Renders and observes the presenter.
    public func appear() {
        recorder.record(presenter.state)
        presenter.objectWillChange
            .sink { [weak self] _ in
                self?.nextFrame { [weak self] in self?.render() }
            }
            .store(in: &cancellables)
    }

    /// Asks the presenter to reload.
    public func tapRetry() {
        presenter.retry()
    }

    private func render() {
        recorder.record(presenter.state)
    }
}

/// The posts app across launches: the backend, the on-disk cache (which survives relaunches) and the
/// current screen. Relaunching drops the old screen and presenter (ending their subscriptions) and
/// makes new ones; everything displayed goes to one recorder.
public final class PostsApp {
    /// The fake API.
    public let backend: FakePostsBackend
    /// The cache that survives relaunches.
    public let cache: InMemoryPostsCache
    /// Everything displayed, across launches.
    public let recorder: DisplayRecorder<PostsState>
    private let makeScreen: (PostsApp) -> PostsScreen
    /// The screen of the current launch.
    public private(set) var screen: PostsScreen?

    /// An app whose launches make screens with `makeScreen`, stamping displays with `now()`.
    public init(backend: FakePostsBackend = FakePostsBackend(), cache: InMemoryPostsCache = InMemoryPostsCache(),
                now: @escaping () -> Int, makeScreen: @escaping (PostsApp) -> PostsScreen) {
        self.backend = backend
        self.cache = cache
        self.makeScreen = makeScreen
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// (Re)launches: a new presenter and screen, which start loading.
    public func launch() {
        screen = nil
        let screen = makeScreen(self)
        self.screen = screen
        screen.appear()
    }

    /// Quits: the screen and presenter go away.
    public func quit() {
        screen = nil
    }

    /// Taps Retry on the current screen.
    public func tapRetry() {
        screen?.tapRetry()
    }
}
