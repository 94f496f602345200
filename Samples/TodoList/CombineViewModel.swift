import CombineKit

/// One row's view model in CombineKit style. Made once per item and kept while the item stays in the
/// list; renames and toggles flow into it through `update(_:)`.
public final class CombineTodoCellViewModel: ObservableObject {
    /// The item's id.
    public let id: Int
    /// The title to show.
    @Published public private(set) var title: String
    /// Whether the checkbox is ticked.
    @Published public private(set) var isDone: Bool

    /// A view model for `item`.
    public init(item: TodoItem) {
        id = item.id
        title = item.title
        isDone = item.isDone
    }

    /// The item changed in the store. `@Published` publishes every set, equal or not, so only what
    /// changed is set (RxKit's cell gets the same effect from `distinctUntilChanged`).
    public func update(_ item: TodoItem) {
        if title != item.title { title = item.title }
        if isDone != item.isDone { isDone = item.isDone }
    }
}

/// The shape the Combine view binds to (the Combine and the mixed view models have it).
public protocol CombineTodoListViewModelType: AnyObject {
    /// The cell view models, in order; the same object for an item as long as it stays.
    var cellsPublisher: AnyPublisher<[CombineTodoCellViewModel], Never> { get }
    /// The error banner, `nil` when hidden.
    var errorMessagePublisher: AnyPublisher<String?, Never> { get }
    /// Asks the store to perform `action`.
    func send(_ action: TodoAction)
}

/// The to-do list view model in CombineKit style.
///
/// Stable cells: the store's changes are zipped with `$cells` (which publishes its current value on
/// subscription, so the first change pairs with `[]`), each difference is applied to the cells it
/// was computed against, and `assign(to: &$cells)` feeds the result back, where it waits to pair with
/// the next change. `assign(to:)` ties the subscription to the `@Published` property: it ends when
/// the view model goes away, with no cancellable to keep.
public final class CombineTodoListViewModel<S: CombineKit.Scheduler>: ObservableObject, CombineTodoListViewModelType {
    /// The cell view models, in order.
    @Published public private(set) var cells: [CombineTodoCellViewModel] = []
    /// The error banner, `nil` when hidden.
    @Published public private(set) var errorMessage: String?
    private let actions = PassthroughSubject<TodoAction, Never>()

    /// Observes `service` from now until the view model goes away; delivers on `scheduler` (the UI's).
    public init(service: CombineTodoService, scheduler: S) {
        service.changes
            .receive(on: scheduler)
            .zip($cells)
            .map { difference, current in
                StableCells.apply(difference, to: current, make: CombineTodoCellViewModel.init(item:), update: { $0.update($1) })
            }
            .assign(to: &$cells)

        actions
            .flatMap { action in
                service.perform(action)
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
