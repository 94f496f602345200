import CombineKit
import CombineKitExt

/// The inbox view model in CombineKit style: one live query at a time, for the selected filter.
/// `switchToLatest` cancels the previous query's subscription when the filter changes or Retry is
/// tapped, which invalidates its token; `assign(to: &$state)` ends the last one when the view model
/// goes away.
public final class CombineInboxViewModel<S: CombineKit.Scheduler>: ObservableObject {
    /// What to show.
    @Published public private(set) var state = InboxState(filter: .all, status: .loading)
    private let filter = CurrentValueSubject<MessageFilter, Never>(.all)
    private let retryTaps = PassthroughSubject<Void, Never>()

    /// Queries `service` from now until the view model goes away; delivers on `scheduler` (the UI's).
    public init(service: CombineMessageService, scheduler: S) {
        let filter = self.filter.removeDuplicates()
        filter
            .merge(with: retryTaps.withLatestFrom(filter))
            .map { filter in
                service.messages(filter)
                    .map { InboxState(filter: filter, messages: $0.results, status: .live) }
                    .prepend(InboxState(filter: filter, status: .loading))
                    .append(InboxState(filter: filter, status: .closed))
                    .catch { Just(InboxState(filter: filter, status: .failed($0.message))) }
            }
            .switchToLatest()
            .receive(on: scheduler)
            .assign(to: &$state)
    }

    /// A filter tab was tapped.
    public func select(_ filter: MessageFilter) { self.filter.send(filter) }
    /// Retry was tapped.
    public func retry() { retryTaps.send() }
}
