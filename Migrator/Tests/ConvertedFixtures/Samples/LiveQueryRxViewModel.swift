import Foundation
import CombineKit
import CombineKitExt

/// What the Rx view sends to an inbox view model.
public struct RxInboxInput {
    /// A filter tab was tapped.
    public let selectFilter = PassthroughSubject<MessageFilter, Never>()
    /// Retry was tapped.
    public let retry = PassthroughSubject<Void, Never>()
}

/// What an inbox view model gives the Rx view.
public struct RxInboxOutput {
    /// What to show: a `Driver`, replaying the current state to a new subscriber.
    public let state: AnyPublisher<InboxState, Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
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
/// tapped, which invalidates its token. The query's results come from the store's callbacks; the
/// pipeline becomes a `Driver`, which hops them to the main scheduler (`SharingScheduler`'s), and drives
/// the state relay the output replays.
public final class RxInboxViewModel: RxInboxViewModelType {
    public let input = RxInboxInput()
    public let output: RxInboxOutput
    private let disposeBag = CancelBag()

    /// Queries `service` from now until the view model goes away. Build it on the main thread (or inside
    /// `SharingScheduler.mock`).
    public init(service: RxMessageService) {
        output = RxInboxViewModel.bind(input: input, query: service.messages, disposeBag: disposeBag)
    }

    /// The pipeline, shared with the mixed view model (which only gets its query differently).
    static func bind(input: RxInboxInput, query: @escaping (MessageFilter) -> AnyPublisher<LiveQueryChange, Error>,
                     disposeBag: CancelBag) -> RxInboxOutput {
        let state = CurrentValueSubject<_, Never>(InboxState(filter: .all, status: .loading))
        let filter = input.selectFilter.prepend(.all).removeDuplicates()
        filter.merge(with: input.retry.withLatestFrom(filter))
            .map { filter in
                query(filter)
                    .map { InboxState(filter: filter, messages: $0.results, status: .live) }
                    .prepend(InboxState(filter: filter, status: .loading))
                    .append(Just(InboxState(filter: filter, status: .closed)).setFailureType(to: Error.self))
                    .catch { Just(InboxState(filter: filter, status: .failed(inboxMessage(for: $0)))) }
            }
            .switchToLatest()
            .receive(on: DispatchQueue.main).share(replay: 1)  // the `catch` above leaves no error to replace // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
            .sink(receiveValue: { state.send($0) })
            .store(in: disposeBag)
        return RxInboxOutput(state: state.receive(on: DispatchQueue.main).share(replay: 1).eraseToAnyPublisher()) // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
    }
}

/// The banner text for an error from either framework.
func inboxMessage(for error: Error) -> String {
    (error as? LiveQueryError)?.message ?? "Something went wrong"
}
