import Foundation
import CombineKit
import CombineKitExt

/// One row's view model in RxKit style. Made once per item and kept while the item stays in the
/// list; renames and toggles flow into it through `update(_:)`.
///
/// Its outputs stay `Observable`s over a `BehaviorRelay`, not Drivers, and that is deliberate: the cell
/// view subscribes while the list is being rebuilt and must have its title at once (the relay replays
/// it synchronously). They carry values the list's `cells` Driver already delivered on the main scheduler.
/// A Driver here would add a hop: inline on the main thread in an app, but in virtual time a separate
/// step at the same instant, so the Rx screen alone would draw an empty row first.
public final class RxTodoCellViewModel {
    /// The item's id.
    public let id: Int
    private let item: CurrentValueSubject<TodoItem, Never>

    /// The title to show.
    public var title: AnyPublisher<String, Error> { item.map(\.title).removeDuplicates().setFailureType(to: Error.self).eraseToAnyPublisher() }
    /// Whether the checkbox is ticked.
    public var isDone: AnyPublisher<Bool, Error> { item.map(\.isDone).removeDuplicates().setFailureType(to: Error.self).eraseToAnyPublisher() }

    /// A view model for `item`.
    public init(item: TodoItem) {
        id = item.id
        self.item = CurrentValueSubject<_, Never>(item)
    }

    /// The item changed in the store.
    public func update(_ item: TodoItem) { self.item.send(item) }
}

/// What the Rx view sends to a to-do list view model.
public struct RxTodoListInput {
    /// Add an item with this title.
    public let add = PassthroughSubject<String, Never>()
    /// Remove the item with this id.
    public let remove = PassthroughSubject<Int, Never>()
    /// Rename an item.
    public let rename = PassthroughSubject<(id: Int, title: String), Never>()
    /// Toggle an item's done flag.
    public let toggleDone = PassthroughSubject<Int, Never>()

    /// The inputs as store actions.
    public var actions: AnyPublisher<TodoAction, Error> {
        add.map { TodoAction.add(title: $0) }.merge(with: remove.map { TodoAction.remove(id: $0) },
            rename.map { TodoAction.rename(id: $0.id, title: $0.title) },
            toggleDone.map { TodoAction.toggleDone(id: $0) }).setFailureType(to: Error.self).eraseToAnyPublisher()
    }
}

/// What a to-do list view model gives the Rx view: Drivers.
public struct RxTodoListOutput {
    /// The cell view models, in order; the same object for an item as long as it stays.
    public let cells: AnyPublisher<[RxTodoCellViewModel], Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
    /// The error banner, `nil` when hidden.
    public let errorMessage: AnyPublisher<String?, Never> // MIGRATE: a Driver's guarantees (main thread, replay of the latest value) are no longer in the type; the producer must keep them (MigrationGuide.md#drivers-guarantees)
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
/// against, and the result drives the relay, where it waits to pair with the next change. The store
/// calls back on its own queue; `asDriver` hops its changes and the save results to the main scheduler
/// (`SharingScheduler`'s).
public final class RxTodoListViewModel: RxTodoListViewModelType {
    public let input = RxTodoListInput()
    public let output: RxTodoListOutput
    private let disposeBag = CancelBag()

    /// Observes `service` from now until the view model goes away. Build it on the main thread (or
    /// inside `SharingScheduler.mock`).
    public init(service: RxTodoService) {
        let cells = CurrentValueSubject<[RxTodoCellViewModel], Never>([])
        let errorMessage = CurrentValueSubject<String?, Never>(nil)
        output = RxTodoListOutput(cells: cells.receive(on: DispatchQueue.main).share(replay: 1).eraseToAnyPublisher(), errorMessage: errorMessage.receive(on: DispatchQueue.main).share(replay: 1).eraseToAnyPublisher()) // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)

        service.changes.catch { _ in Empty<_, Never>() }.receive(on: DispatchQueue.main).share(replay: 1).zip(cells.receive(on: DispatchQueue.main).share(replay: 1)) // MIGRATE: zip: Rx completes when every source has completed; Combine as soon as a finished source has nothing left to pair. (MigrationGuide.md#operator-and-type-table) // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
            .map { difference, current in
                StableCells.apply(difference, to: current, make: RxTodoCellViewModel.init(item:), update: { $0.update($1) })
            }
            .sink(receiveValue: { cells.send($0) })
            .store(in: disposeBag)

        input.actions
            .flatMap { action in
                service.perform(action).eraseToAnyPublisher()
                    .map { _ in String?.none }
                    .catch { Just(todoMessage(for: $0)) }
            }
            .catch { _ in Empty<_, Never>() }.receive(on: DispatchQueue.main).share(replay: 1)  // the `catch` above leaves no error to replace // MIGRATE: Driver: receive(on: DispatchQueue.main) always hops, where a Driver delivers inline on the main thread (MigrationGuide.md#drivers-guarantees)
            .sink(receiveValue: { errorMessage.send($0) })
            .store(in: disposeBag)
    }
}

/// The banner text for an error from either framework.
func todoMessage(for error: Error) -> String {
    (error as? TodoError)?.message ?? "Something went wrong"
}
