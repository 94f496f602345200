import CombineKit
import RxKit

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
/// a Retry state; the result assigned to `@Published state` from a `DisposeBag`-held subscription.
public final class PostsRxPresenter: PostsPresenting {
    /// What the screen shows.
    @Published public private(set) var state: PostsState = .loading
    private let retries = PublishRelay<Void>()
    private let disposeBag = DisposeBag()

    /// A presenter loading through `service`, saving to `cache`, delivering on `scheduler`. It starts
    /// loading at once (the app launched).
    public init(service: PostsRxService, cache: PostsCache, scheduler: SchedulerType) {
        retries
            .startWith(())
            .flatMapLatest { _ -> Observable<PostsState> in
                service.items()
                    .do(onNext: { cache.save($0) })
                    .map { PostsState.loaded($0) }
                    .catch { error in .just(fallbackState(for: error as? PostsError ?? PostsError(message: "\(error)"), cache: cache)) }
                    .startWith(.loading)
            }
            .observe(on: scheduler)
            .subscribe(onNext: { [weak self] state in self?.state = state })
            .disposed(by: disposeBag)
    }

    /// Reloads.
    public func retry() {
        retries.accept(())
    }
}
