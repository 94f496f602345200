import RxKit

/// The posts feed presenter in RxKit, as an RxSwift app with a UIKit screen writes it (MVP, not MVVM):
/// it consumes two streams and pushes into a passive `PostsFeedView`.
///
/// - The saved posts, a `BehaviorRelay` the app shares (other screens read it): every value is drawn, the
///   current one first.
/// - The network posts: a `PublishRelay` of refreshes, `startWith` for the first load, `flatMapLatest`
///   into the service (a newer refresh cancels an older one), `catch` into a failed load. Fresh rows are
///   `accept`ed into the saved posts, which draw them; a failure keeps the saved rows and shows a banner.
///
/// Both hop to `scheduler` (`MainScheduler.instance` in the app) with `observe(on:)`; the subscriptions
/// live in the presenter's `DisposeBag`, so they end with it.
public final class PostsFeedRxPresenter: PostsFeedPresenting {
    private let service: PostsRxService
    private let saved: BehaviorRelay<[PostItem]>
    private let scheduler: SchedulerType
    private let refreshes = PublishRelay<Void>()
    private let disposeBag = DisposeBag()

    /// A presenter loading through `service` into `saved`, delivering to its view on `scheduler`.
    public init(service: PostsRxService, saved: BehaviorRelay<[PostItem]>, scheduler: SchedulerType) {
        self.service = service
        self.saved = saved
        self.scheduler = scheduler
    }

    /// See `PostsFeedPresenting.attach(_:)`.
    public func attach(_ view: PostsFeedView) {
        saved
            .observe(on: scheduler)
            .subscribe(onNext: { [weak view] items in view?.show(posts: items) })
            .disposed(by: disposeBag)

        let service = self.service, saved = self.saved
        refreshes
            .startWith(())
            .flatMapLatest { _ -> Observable<PostsFeedLoad> in
                service.items()
                    .map { PostsFeedLoad.loaded($0) }
                    .catch { .just(.failed(PostsError.typed($0))) }
                    .startWith(.loading)
            }
            .observe(on: scheduler)
            .subscribe(onNext: { [weak view] load in
                if case .loaded(let items) = load { saved.accept(items) }
                view?.present(load)
            })
            .disposed(by: disposeBag)
    }

    /// See `PostsFeedPresenting.refresh()`.
    public func refresh() {
        refreshes.accept(())
    }
}
