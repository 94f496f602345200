import ParityHarness

/// What the feed screen shows: the rows, the activity indicator and the error banner.
public struct PostsFeedDisplay: Equatable, Sendable {
    /// The rows drawn.
    public var rows: [PostItem] = []
    /// Whether the activity indicator spins.
    public var isLoading = false
    /// The banner, if shown.
    public var error: String?

    /// An empty screen.
    public init() {}

    /// One short line: `"3 posts"`, `"3 posts, loading…"`, `"no posts, ! You're offline"` (the rows' contents
    /// are in the presenter-level record, `PostsFeedOutputs`).
    public var rendered: String {
        var parts = [rows.isEmpty ? "no posts" : "\(rows.count) post\(rows.count == 1 ? "" : "s")"]
        if isLoading { parts.append("loading…") }
        if let error { parts.append("! \(error)") }
        return parts.joined(separator: ", ")
    }
}

/// A headless UIKit-style feed screen: a passive `PostsFeedView` that draws each call at once (as setting
/// a label's text does) and holds its presenter, which holds it weakly. It is the same for every style.
public final class PostsFeedScreen: PostsFeedView {
    private let presenter: PostsFeedPresenting
    private let recorder: DisplayRecorder<PostsFeedDisplay>
    private let outputs: PostsFeedOutputs?
    private var display = PostsFeedDisplay()

    /// A screen presented by `presenter`, drawing into `recorder`; `outputs`, if given, records every call
    /// the presenter makes.
    public init(presenter: PostsFeedPresenting, recorder: DisplayRecorder<PostsFeedDisplay>, outputs: PostsFeedOutputs? = nil) {
        self.presenter = presenter
        self.recorder = recorder
        self.outputs = outputs
    }

    /// The screen loads: draws, then attaches its presenter.
    public func appear() {
        recorder.record(display)
        presenter.attach(self)
    }

    /// The user pulls to refresh.
    public func pullToRefresh() {
        presenter.refresh()
    }

    /// See `PostsFeedView.show(posts:)`.
    public func show(posts: [PostItem]) {
        draw(.posts(posts)) { $0.rows = posts }
    }

    /// See `PostsFeedView.show(loading:)`.
    public func show(loading: Bool) {
        draw(.loading(loading)) { $0.isLoading = loading }
    }

    /// See `PostsFeedView.show(error:)`.
    public func show(error message: String?) {
        draw(.error(message)) { $0.error = message }
    }

    private func draw(_ call: PostsFeedCall, _ change: (inout PostsFeedDisplay) -> Void) {
        outputs?.view.on(.next(call))
        change(&display)
        recorder.record(display)
    }
}

/// The feed app across launches: the backend, and the current screen. The saved posts outlive a launch
/// (the presenter factory holds them); relaunching drops the old screen and presenter, ending their
/// subscriptions. Everything displayed goes to one recorder.
public final class PostsFeedApp {
    /// The fake API.
    public let backend: FakePostsBackend
    /// Everything displayed, across launches.
    public let recorder: DisplayRecorder<PostsFeedDisplay>
    private let makePresenter: (FakePostsBackend) -> PostsFeedPresenting
    private let outputs: PostsFeedOutputs?
    /// The screen of the current launch.
    public private(set) var screen: PostsFeedScreen?

    /// An app whose launches present with `makePresenter`, stamping displays with `now()`; `outputs`, if
    /// given, records every presenter's calls.
    public init(backend: FakePostsBackend = FakePostsBackend(), now: @escaping () -> Int, outputs: PostsFeedOutputs? = nil,
                makePresenter: @escaping (FakePostsBackend) -> PostsFeedPresenting) {
        self.backend = backend
        self.makePresenter = makePresenter
        self.outputs = outputs
        recorder = DisplayRecorder(now: now, render: \.rendered)
    }

    /// (Re)launches: a new presenter and screen, which draw the saved posts and start loading.
    public func launch() {
        screen = nil
        let screen = PostsFeedScreen(presenter: makePresenter(backend), recorder: recorder, outputs: outputs)
        self.screen = screen
        screen.appear()
    }

    /// Pulls to refresh on the current screen.
    public func pullToRefresh() {
        screen?.pullToRefresh()
    }
}
