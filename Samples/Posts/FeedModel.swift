/// The passive view of the posts feed (MVP): the presenter pushes into it, the view only draws. A UIKit
/// view controller adopts it and holds its presenter; the presenter holds it weakly.
public protocol PostsFeedView: AnyObject {
    /// Draws these rows (the saved posts, whenever they change).
    func show(posts: [PostItem])
    /// Shows or hides the activity indicator.
    func show(loading: Bool)
    /// Shows an error banner, or hides it (`nil`).
    func show(error message: String?)
}

/// A presenter of the posts feed, whatever its style.
public protocol PostsFeedPresenting: AnyObject {
    /// Starts presenting into `view` (held weakly): the saved posts at once, and a load from the network.
    func attach(_ view: PostsFeedView)
    /// Reloads from the network (pull to refresh); a newer reload cancels an older one.
    func refresh()
}

/// One call a feed presenter made on its view: the presenter's raw output, as the parity tests record it.
public enum PostsFeedCall: Equatable, Sendable, CustomStringConvertible {
    /// `show(posts:)`.
    case posts([PostItem])
    /// `show(loading:)`.
    case loading(Bool)
    /// `show(error:)`.
    case error(String?)

    /// `"posts(3: Hello, Combine…)"`, `"loading(true)"`, `"error(You're offline)"`, `"error(nil)"`.
    public var description: String {
        switch self {
        case .posts(let items): return items.isEmpty ? "posts(0)" : "posts(\(items.count): \(items[0].title)…)"
        case .loading(let isLoading): return "loading(\(isLoading))"
        case .error(let message): return "error(\(message ?? "nil"))"
        }
    }
}

/// One step of a network load, as both presenters' pipelines carry it to the view.
enum PostsFeedLoad {
    case loading
    case loaded([PostItem])
    case failed(PostsError)
}

extension PostsFeedView {
    /// Shows one step of a load: the indicator while it runs, then no banner (fresh rows arrive through
    /// the saved posts) or the error's banner.
    func present(_ load: PostsFeedLoad) {
        switch load {
        case .loading:
            show(loading: true)
        case .loaded:
            show(loading: false)
            show(error: nil)
        case .failed(let error):
            show(loading: false)
            show(error: error.message)
        }
    }
}
