import RxKit

/// One row's view model in RxKit style. Made once per item and kept while the item stays in the
/// list; renames and toggles flow into it through `update(_:)`.
public final class RxTodoCellViewModel {
    /// The item's id.
    public let id: Int
    private let item: BehaviorRelay<TodoItem>

    /// The title to show.
    public var title: Observable<String> { item.map(\.title).distinctUntilChanged() }
    /// Whether the checkbox is ticked.
    public var isDone: Observable<Bool> { item.map(\.isDone).distinctUntilChanged() }

    /// A view model for `item`.
    public init(item: TodoItem) {
        id = item.id
        self.item = BehaviorRelay(value: item)
    }

    /// The item changed in the store.
    public func update(_ item: TodoItem) { self.item.accept(item) }
}

/// What the Rx view sends to a to-do list view model.
public struct RxTodoListInput {
    /// Add an item with this title.
    public let add = PublishRelay<String>()
    /// Remove the item with this id.
    public let remove = PublishRelay<Int>()
    /// Rename an item.
    public let rename = PublishRelay<(id: Int, title: String)>()
    /// Toggle an item's done flag.
    public let toggleDone = PublishRelay<Int>()

    /// The inputs as store actions.
    public var actions: Observable<TodoAction> {
        Observable.merge(
            add.map { TodoAction.add(title: $0) },
            remove.map { TodoAction.remove(id: $0) },
            rename.map { TodoAction.rename(id: $0.id, title: $0.title) },
            toggleDone.map { TodoAction.toggleDone(id: $0) })
    }
}

/// What a to-do list view model gives the Rx view.
public struct RxTodoListOutput {
    /// The cell view models, in order; the same object for an item as long as it stays.
    public let cells: Observable<[RxTodoCellViewModel]>
    /// The error banner, `nil` when hidden.
    public let errorMessage: Observable<String?>
}

/// The Input/Output shape the Rx view binds to (the Rx and the mixed view models have it).
public protocol RxTodoListViewModelType: AnyObject {
    /// What the view sends.
    var input: RxTodoListInput { get }
    /// What the view shows.
    var output: RxTodoListOutput { get }
}

/// The to-do list view model in RxKit style.
///
/// Stable cells: the store's changes are zipped with the current cells (`BehaviorRelay` replays its
/// value, so the first change pairs with `[]`), each difference is applied to the cells it was computed
/// against, and the result is bound back into the relay, where it waits to pair with the next change.
public final class RxTodoListViewModel: RxTodoListViewModelType {
    public let input = RxTodoListInput()
    public let output: RxTodoListOutput
    private let disposeBag = DisposeBag()

    /// Observes `service` from now until the view model goes away; delivers on `scheduler` (the UI's).
    public init(service: RxTodoService, scheduler: SchedulerType) {
        let cells = BehaviorRelay<[RxTodoCellViewModel]>(value: [])
        let errorMessage = BehaviorRelay<String?>(value: nil)
        output = RxTodoListOutput(cells: cells.asObservable(), errorMessage: errorMessage.asObservable())

        Observable.zip(service.changes.observe(on: scheduler), cells.asObservable())
            .map { difference, current in
                StableCells.apply(difference, to: current, make: RxTodoCellViewModel.init(item:), update: { $0.update($1) })
            }
            .bind(to: cells)
            .disposed(by: disposeBag)

        input.actions
            .flatMap { action in
                service.perform(action).asObservable()
                    .map { _ in String?.none }
                    .catch { .just(todoMessage(for: $0)) }
            }
            .observe(on: scheduler)
            .bind(to: errorMessage)
            .disposed(by: disposeBag)
    }
}

/// The banner text for an error from either framework.
func todoMessage(for error: Error) -> String {
    (error as? TodoError)?.message ?? "Something went wrong"
}
