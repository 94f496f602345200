import Foundation

/// A post in the list.
public struct Post: Equatable, Codable, Sendable {
    /// The post's id.
    public let id: Int
    /// Its title.
    public let title: String

    /// Post `id` titled `title`.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// A post's details, loaded one request per post.
public struct PostDetails: Equatable, Codable, Sendable {
    /// The post these belong to.
    public let postID: Int
    /// Who wrote it.
    public let author: String
    /// How many comments it has.
    public let commentCount: Int

    /// Details of post `postID`.
    public init(postID: Int, author: String, commentCount: Int) {
        self.postID = postID
        self.author = author
        self.commentCount = commentCount
    }
}

/// A row of the list: a post with its details.
public struct PostItem: Equatable, Codable, Sendable {
    /// The title line.
    public let title: String
    /// `"by Ann · 2 comments"`.
    public let subtitle: String

    /// The row for `post` and its `details`.
    public init(post: Post, details: PostDetails) {
        title = post.title
        subtitle = "by \(details.author) · \(details.commentCount) comment\(details.commentCount == 1 ? "" : "s")"
    }
}

/// Why posts could not be loaded.
public struct PostsError: Error, Equatable, Sendable {
    /// What the user reads.
    public let message: String

    /// An error showing `message`.
    public init(message: String) {
        self.message = message
    }

    /// The network is unreachable.
    public static let offline = PostsError(message: "You're offline")
}

extension PostsError {
    /// `error` as a `PostsError`; an unexpected error keeps its description.
    static func typed(_ error: Error) -> PostsError {
        error as? PostsError ?? PostsError(message: "\(error)")
    }
}

/// What the posts screen shows.
public enum PostsState: Equatable, Sendable {
    /// A load is running.
    case loading
    /// Fresh rows from the network.
    case loaded([PostItem])
    /// The network failed; rows saved by an earlier launch.
    case offline([PostItem])
    /// The network failed and nothing is saved: a message and a Retry button.
    case retry(String)

    /// One short line: `"loading…"`, `"3 posts: Hello (by Ann · 2 comments) …"`, `"offline, 3 saved posts"`,
    /// `"[Retry] You're offline"`.
    public var rendered: String {
        switch self {
        case .loading: return "loading…"
        case .loaded(let items): return items.isEmpty ? "no posts yet" : "\(items.count) posts: \(items[0].title)…"
        case .offline(let items): return "offline, \(items.count) saved posts"
        case .retry(let message): return "[Retry] \(message)"
        }
    }
}

/// Where the last good list is kept between launches.
public protocol PostsCache: AnyObject, Sendable {
    /// The saved rows, or `nil` if nothing was saved.
    func load() -> [PostItem]?
    /// Saves `items`, replacing what was saved.
    func save(_ items: [PostItem])
}

/// A cache kept as a JSON file, so a new launch (a new presenter) finds it.
public final class FilePostsCache: PostsCache {
    /// The file's location.
    public let url: URL

    /// A cache stored at `url`.
    public init(url: URL) {
        self.url = url
    }

    /// The saved rows; a missing or unreadable file is "nothing saved".
    public func load() -> [PostItem]? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode([PostItem].self, from: data)
    }

    /// Writes `items` atomically; a failed write keeps the old file (the cache is best effort).
    public func save(_ items: [PostItem]) {
        guard let data = try? JSONEncoder().encode(items) else { return }
        try? data.write(to: url, options: .atomic)
    }

    /// Deletes the file (a fresh install).
    public func clear() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A cache in memory, standing in for the disk in the scripted session. Thread-safe.
public final class InMemoryPostsCache: PostsCache, @unchecked Sendable {
    private let lock = NSLock()
    private var items: [PostItem]?

    /// An empty cache, or one holding `items`.
    public init(_ items: [PostItem]? = nil) {
        self.items = items
    }

    /// The saved rows.
    public func load() -> [PostItem]? { lock.withLock { items } }
    /// Saves `items`.
    public func save(_ items: [PostItem]) { lock.withLock { self.items = items } }
    /// Forgets everything (a fresh install).
    public func clear() { lock.withLock { items = nil } }
}

/// A framework-free fake posts API: online/offline, per-request latency (played out on a scheduler by
/// the services), failing details, and a request log. Thread-safe.
public final class FakePostsBackend: @unchecked Sendable {
    private let lock = NSLock()
    private var online = true
    private var failingDetails: Set<Int> = []
    private var posts: [Post]
    private var log: [String] = []
    /// Milliseconds the posts request takes.
    public let postsLatency: Int
    /// Milliseconds each details request takes.
    public let detailsLatency: Int

    /// A backend serving `posts`, answering after the given latencies.
    public init(posts: [Post] = FakePostsBackend.samplePosts, postsLatency: Int = 300, detailsLatency: Int = 200) {
        self.posts = posts
        self.postsLatency = postsLatency
        self.detailsLatency = detailsLatency
    }

    /// Three posts.
    public static let samplePosts = [
        Post(id: 1, title: "Hello, Combine"), Post(id: 2, title: "Bridging Rx"), Post(id: 3, title: "Parity tests"),
    ]

    /// Whether requests reach the server.
    public var isOnline: Bool {
        get { lock.withLock { online } }
        set { lock.withLock { online = newValue } }
    }

    /// Details of post `id` fail from now on.
    public func failDetails(for id: Int) {
        lock.withLock { _ = failingDetails.insert(id) }
    }

    /// Every request answered, in order (`"posts"`, `"details 2"`).
    public var requests: [String] { lock.withLock { log } }

    /// The posts, or `.offline`.
    public func fetchPosts() -> Result<[Post], PostsError> {
        lock.withLock {
            log.append("posts")
            return online ? .success(posts) : .failure(.offline)
        }
    }

    /// Post `id`'s details, or an error.
    public func fetchDetails(_ id: Int) -> Result<PostDetails, PostsError> {
        lock.withLock {
            log.append("details \(id)")
            guard online else { return .failure(.offline) }
            guard !failingDetails.contains(id) else { return .failure(PostsError(message: "Couldn't load post \(id)")) }
            return .success(PostDetails(postID: id, author: ["Ann", "Bo", "Cy"][(id - 1) % 3], commentCount: id * 2 - 1))
        }
    }
}

/// What a failed load shows: the saved rows if there are any, else Retry.
public func fallbackState(for error: PostsError, cache: PostsCache) -> PostsState {
    if let saved = cache.load() { return .offline(saved) }
    return .retry(error.message)
}
