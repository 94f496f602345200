import CombineKit
import RxCombineBridge
import RxKit

/// The posts feature with its presenter migrated and its service not yet: the CombineKit presenter over
/// the Rx service. The seam is this adapter: each `Single` becomes a publisher with the typed
/// `PostsError` the presenter expects (an unexpected error keeps its description, never traps).
public struct BridgedPostsService: PostsPublisherService {
    private let service: PostsRxService

    /// The Combine face of an Rx posts service.
    public init(_ service: PostsRxService) {
        self.service = service
    }

    /// The posts request as a publisher.
    public func posts() -> AnyPublisher<[Post], PostsError> {
        service.posts().asObservable().asPublisher(failureType: PostsError.self, mapError: PostsError.typed)
    }

    /// One details request as a publisher.
    public func details(_ id: Int) -> AnyPublisher<PostDetails, PostsError> {
        service.details(id).asObservable().asPublisher(failureType: PostsError.self, mapError: PostsError.typed)
    }
}

/// Builds the mixed style: Combine presenter, Rx service, one clock.
public enum PostsMixedPresenter {
    /// A Combine presenter over an `RxPostsService` on `backend`.
    public static func make(backend: FakePostsBackend, cache: PostsCache, scheduler: SchedulerType & Sendable) -> PostsPresenter<RxSchedulerAdapter> {
        PostsPresenter(service: BridgedPostsService(RxPostsService(backend: backend, scheduler: scheduler)),
                       cache: cache, scheduler: scheduler.asCombineScheduler())
    }
}
