import RxKit

/// What the Rx view sends to an inbox view model.
public struct RxInboxInput {
    /// A filter tab was tapped.
    public let selectFilter = PublishRelay<MessageFilter>()
    /// Retry was tapped.
    public let retry = PublishRelay<Void>()
}

/// What an inbox view model gives the Rx view.
public struct RxInboxOutput {
    /// What to show; replays the current state to a new subscriber.
    public let state: Observable<InboxState>
}

/// The Input/Output shape the Rx view binds to (the Rx and the mixed view models have it).
public protocol RxInboxViewModelType: AnyObject {
    /// What the view sends.
    var input: RxInboxInput { get }
    /// What the view shows.
    var output: RxInboxOutput { get }
}

/// The inbox view model in RxKit style: one live query at a time, for the selected filter.
/// `flatMapLatest` disposes the previous query's subscription when the filter changes or Retry is
/// tapped, which invalidates its token.
public final class RxInboxViewModel: RxInboxViewModelType {
    public let input = RxInboxInput()
    public let output: RxInboxOutput
    private let disposeBag = DisposeBag()

    /// Queries `service` from now until the view model goes away; delivers on `scheduler` (the UI's).
    public init(service: RxMessageService, scheduler: SchedulerType) {
        output = RxInboxViewModel.bind(input: input, query: service.messages, scheduler: scheduler, disposeBag: disposeBag)
    }

    /// The pipeline, shared with the mixed view model (which only gets its query differently).
    static func bind(input: RxInboxInput, query: @escaping (MessageFilter) -> Observable<LiveQueryChange>,
                     scheduler: SchedulerType, disposeBag: DisposeBag) -> RxInboxOutput {
        let state = BehaviorRelay(value: InboxState(filter: .all, status: .loading))
        let filter = input.selectFilter.startWith(.all).distinctUntilChanged()
        Observable.merge(filter, input.retry.withLatestFrom(filter))
            .flatMapLatest { filter in
                query(filter)
                    .map { InboxState(filter: filter, messages: $0.results, status: .live) }
                    .startWith(InboxState(filter: filter, status: .loading))
                    .concat(Observable.just(InboxState(filter: filter, status: .closed)))
                    .catch { .just(InboxState(filter: filter, status: .failed(inboxMessage(for: $0)))) }
            }
            .observe(on: scheduler)
            .bind(to: state)
            .disposed(by: disposeBag)
        return RxInboxOutput(state: state.asObservable())
    }
}

/// The banner text for an error from either framework.
func inboxMessage(for error: Error) -> String {
    (error as? LiveQueryError)?.message ?? "Something went wrong"
}
