import CombineKit

/// The posts feed presenter in CombineKit (MVP, not MVVM): it consumes two publishers and pushes into a
/// passive `PostsFeedView`.
///
/// - The saved posts, any `Subject` of rows that never fails: a `CurrentValueSubject` in a Combine app,
///   or, while the rest of the app is still Rx, its `BehaviorRelay` exposed as a `Subject` with the
///   bridge's `toCombine()` (see `PostsFeedMixedPresenter`). Every value is drawn, the current one first;
///   fresh rows are `send` into it.
/// - The network posts: a `PassthroughSubject` of refreshes, `prepend` for the first load,
///   `switchToLatest` (a newer refresh cancels an older one), `catch` into a failed load.
///
/// Migration notes: `receive(on:)` plays the role of Rx's `observe(on:)`, `Set<AnyCancellable>` that of
/// the `DisposeBag`; `prepend(())` that of `startWith(())`. Never `subscribe` the saved-posts subject to
/// a publisher that can finish: a `CurrentValueSubject` would finish with it (a relay ignores completion).
public final class PostsFeedPresenter<Saved: Subject, S: Scheduler>: PostsFeedPresenting
where Saved.Output == [PostItem], Saved.Failure == Never {
    private let service: PostsPublisherService
    private let saved: Saved
    private let scheduler: S
    private let refreshes = PassthroughSubject<Void, Never>()
    private var cancellables = Set<AnyCancellable>()

    /// A presenter loading through `service` into `saved`, delivering to its view on `scheduler`.
    public init(service: PostsPublisherService, saved: Saved, scheduler: S) {
        self.service = service
        self.saved = saved
        self.scheduler = scheduler
    }

    /// See `PostsFeedPresenting.attach(_:)`.
    public func attach(_ view: PostsFeedView) {
        saved
            .receive(on: scheduler)
            .sink { [weak view] items in view?.show(posts: items) }
            .store(in: &cancellables)

        let service = self.service, saved = self.saved
        refreshes
            .prepend(())
            .map { _ in
                service.items()
                    .map { PostsFeedLoad.loaded($0) }
                    .catch { Just(.failed($0)) }
                    .prepend(.loading)
            }
            .switchToLatest()
            .receive(on: scheduler)
            .sink { [weak view] load in
                if case .loaded(let items) = load { saved.send(items) }
                view?.present(load)
            }
            .store(in: &cancellables)
    }

    /// See `PostsFeedPresenting.refresh()`.
    public func refresh() {
        refreshes.send(())
    }
}
