import CombineKit
import RxCombineBridge
import RxKit

/// Migration step one: the view model (and its view) are CombineKit, the service layer is still
/// RxKit. The bridge sits at the seam and nowhere else: `asPublisher()` on the service's observables.
///
/// The Rx change stream never fails, but an `Observable` cannot say so in its type, so the bridge
/// gives it the failure type `Error`; the view model handles that failure (by ending the stream, which
/// cannot happen) rather than trapping on it.
public final class MixedTodoListViewModel<S: CombineKit.Scheduler>: ObservableObject, CombineTodoListViewModelType {
    /// The cell view models, in order.
    @Published public private(set) var cells: [CombineTodoCellViewModel] = []
    /// The error banner, `nil` when hidden.
    @Published public private(set) var errorMessage: String?
    private let actions = PassthroughSubject<TodoAction, Never>()

    /// Observes the Rx `service` through the bridge; delivers on `scheduler` (the UI's).
    public init(service: RxTodoService, scheduler: S) {
        service.changes.asPublisher()
            .catch { _ in Empty<CollectionDifference<TodoItem>, Never>() }
            .receive(on: scheduler)
            .zip($cells)
            .map { difference, current in
                StableCells.apply(difference, to: current, make: CombineTodoCellViewModel.init(item:), update: { $0.update($1) })
            }
            .assign(to: &$cells)

        actions
            .flatMap { action in
                service.perform(action).asPublisher()
                    .map { String?.none }
                    .catch { Just(todoMessage(for: $0)) }
            }
            .receive(on: scheduler)
            .assign(to: &$errorMessage)
    }

    public var cellsPublisher: AnyPublisher<[CombineTodoCellViewModel], Never> { $cells.eraseToAnyPublisher() }
    public var errorMessagePublisher: AnyPublisher<String?, Never> { $errorMessage.eraseToAnyPublisher() }
    public func send(_ action: TodoAction) { actions.send(action) }
}
