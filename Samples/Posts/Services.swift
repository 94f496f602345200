import CombineKit
import CombineKitExt
import RxKit

/// The posts API as the Rx layer sees it: one `Single` per request.
public protocol PostsRxService {
    /// The list of posts.
    func posts() -> Single<[Post]>
    /// One post's details.
    func details(_ id: Int) -> Single<PostDetails>
}

extension PostsRxService {
    /// Posts, then every post's details in parallel, zipped into rows. An empty list is an empty list
    /// (zip of no sequences would never emit).
    public func items() -> Observable<[PostItem]> {
        posts().asObservable().flatMap { posts -> Observable<[PostItem]> in
            guard !posts.isEmpty else { return .just([]) }
            return Observable.zip(posts.map { details($0.id).asObservable() }).map { details in
                zip(posts, details).map { PostItem(post: $0, details: $1) }
            }
        }
    }
}

/// The posts API in RxKit over the fake backend, with its latencies on `scheduler`.
public struct RxPostsService: PostsRxService {
    private let backend: FakePostsBackend
    private let scheduler: SchedulerType

    /// A service over `backend`, timed on `scheduler`.
    public init(backend: FakePostsBackend, scheduler: SchedulerType) {
        self.backend = backend
        self.scheduler = scheduler
    }

    /// See `PostsRxService.posts()`.
    public func posts() -> Single<[Post]> {
        request(after: backend.postsLatency) { $0.fetchPosts() }
    }

    /// See `PostsRxService.details(_:)`.
    public func details(_ id: Int) -> Single<PostDetails> {
        request(after: backend.detailsLatency) { $0.fetchDetails(id) }
    }

    private func request<T>(after latency: Int, _ call: @escaping (FakePostsBackend) -> Result<T, PostsError>) -> Single<T> {
        let backend = self.backend
        return Observable<Int>.timer(.milliseconds(latency), scheduler: scheduler)
            .flatMap { _ -> Observable<T> in
                switch call(backend) {
                case .success(let value): return .just(value)
                case .failure(let error): return .error(error)
                }
            }
            .asSingle()
    }
}

/// The posts API as the Combine layer sees it.
public protocol PostsPublisherService {
    /// The list of posts.
    func posts() -> AnyPublisher<[Post], PostsError>
    /// One post's details.
    func details(_ id: Int) -> AnyPublisher<PostDetails, PostsError>
}

extension PostsPublisherService {
    /// Posts, then every post's details in parallel, zipped (CombineKitExt's `zip()` of many) into rows.
    public func items() -> AnyPublisher<[PostItem], PostsError> {
        posts().flatMap { posts -> AnyPublisher<[PostItem], PostsError> in
            guard !posts.isEmpty else { return Just([]).setFailureType(to: PostsError.self).eraseToAnyPublisher() }
            return posts.map { details($0.id) }.zip()
                .map { details in zip(posts, details).map { PostItem(post: $0, details: $1) } }
                .eraseToAnyPublisher()
        }
        .eraseToAnyPublisher()
    }
}

/// The posts API in CombineKit over the fake backend, with its latencies on `scheduler`.
public struct CombinePostsService<S: Scheduler>: PostsPublisherService {
    private let backend: FakePostsBackend
    private let scheduler: S

    /// A service over `backend`, timed on `scheduler`.
    public init(backend: FakePostsBackend, scheduler: S) {
        self.backend = backend
        self.scheduler = scheduler
    }

    /// See `PostsPublisherService.posts()`.
    public func posts() -> AnyPublisher<[Post], PostsError> {
        request(after: backend.postsLatency) { $0.fetchPosts() }
    }

    /// See `PostsPublisherService.details(_:)`.
    public func details(_ id: Int) -> AnyPublisher<PostDetails, PostsError> {
        request(after: backend.detailsLatency) { $0.fetchDetails(id) }
    }

    private func request<T>(after latency: Int, _ call: @escaping (FakePostsBackend) -> Result<T, PostsError>) -> AnyPublisher<T, PostsError> {
        let backend = self.backend
        return Just(())
            .delay(for: .milliseconds(latency), scheduler: scheduler)
            .setFailureType(to: PostsError.self)
            .flatMap { _ in call(backend).publisher }
            .eraseToAnyPublisher()
    }
}
