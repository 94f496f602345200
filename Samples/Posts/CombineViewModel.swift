import CombineKit

/// The posts presenter in CombineKit: a `PassthroughSubject` of retries, `prepend` for the launch load,
/// `switchToLatest` (a newer reload cancels an older one), success saved to the cache, `catch` into the
/// cached rows or a Retry state, `assign(to: &$state)`.
///
/// Migration notes: `prepend(())` plays the role of Rx's `startWith(())`; `handleEvents(receiveOutput:)`
/// that of `do(onNext:)`. `assign(to: &$state)` needs no cancellable and does not retain the presenter, so
/// a relaunch (a new presenter) ends the old load; the Rx presenter gets the same from its `DisposeBag`
/// and `[weak self]`.
public final class PostsPresenter<S: Scheduler>: PostsPresenting {
    /// What the screen shows.
    @Published public private(set) var state: PostsState = .loading
    private let retries = PassthroughSubject<Void, Never>()

    /// A presenter loading through `service`, saving to `cache`, delivering on `scheduler`. It starts
    /// loading at once (the app launched).
    public init(service: PostsPublisherService, cache: PostsCache, scheduler: S) {
        retries
            .prepend(())
            .map { _ in
                service.items()
                    .handleEvents(receiveOutput: { cache.save($0) })
                    .map { PostsState.loaded($0) }
                    .catch { Just(fallbackState(for: $0, cache: cache)) }
                    .prepend(.loading)
            }
            .switchToLatest()
            .receive(on: scheduler)
            .assign(to: &$state)
    }

    /// Reloads.
    public func retry() {
        retries.send(())
    }
}
