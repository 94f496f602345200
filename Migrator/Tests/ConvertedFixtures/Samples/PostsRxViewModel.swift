import CombineKit
import Foundation
import CombineKitExt

/// A presenter of the posts screen for a declarative view: an `ObservableObject` whose `state` the view
/// renders, and the one action the view sends.
public protocol PostsPresenting: ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// What the screen shows.
    var state: PostsState { get }
    /// Reload (the Retry button and pull-to-refresh).
    func retry()
}

/// The posts presenter fed by RxKit, as an RxSwift app with a declarative UI would write it: a
/// `PublishRelay` of retries, `startWith` for the launch load, `flatMapLatest` into the service (a
/// newer reload cancels an older one), success saved to the cache, failure replaced by the cached rows or
/// a Retry state; the result, as a `Driver` (delivered on the main scheduler, `SharingScheduler`'s),
/// drives `@Published state` from a `DisposeBag`-held subscription.
public final class PostsRxPresenter: PostsPresenting {
    /// What the screen shows.
    @Published public private(set) var state: PostsState = .loading
    private let retries = PassthroughSubject<Void, Never>()
    private let disposeBag = CancelBag()

    /// A presenter loading through `service`, saving to `cache`. It starts loading at once (the app
    /// launched). Make it on the main thread (or inside `SharingScheduler.mock`).
    public init(service: PostsRxService, cache: PostsCache) {
        retries
            .prepend(())
            .map { _ -> AnyPublisher<PostsState, Error> in
                service.items()
                    .handleEvents(receiveOutput: { cache.save($0) })
                    .map { PostsState.loaded($0) }
                    .catch { error in Just(fallbackState(for: error as? PostsError ?? PostsError(message: "\(error)"), cache: cache)) }
                    .prepend(.loading).setFailureType(to: Error.self).eraseToAnyPublisher()
            }
            .switchToLatest()
            .catch { _ in Empty<_, Never>() }.receive(on: DispatchQueue.main).share(replay: 1)  // the `catch` above leaves no error to replace // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
            .sink(receiveValue: { [weak self] state in self?.state = state })
            .store(in: disposeBag)
    }

    /// Reloads.
    public func retry() {
        retries.send(())
    }
}
