import Foundation

// The to-do list's model: plain Swift, no reactive framework. The store keeps the items, applies
// actions after a latency (run by an injected `TodoDelaying`, so tests use virtual time) and tells its
// observers what changed as a `CollectionDifference`, like a database or a sync engine would.

/// One to-do item.
public struct TodoItem: Identifiable, Hashable, Sendable {
    /// Stable identity: the same item keeps its id through renames and toggles.
    public let id: Int
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isDone: Bool

    /// An item.
    public init(id: Int, title: String, isDone: Bool = false) {
        self.id = id
        self.title = title
        self.isDone = isDone
    }
}

/// What the user can do to the list.
public enum TodoAction: Hashable, Sendable {
    /// Adds an item at the end.
    case add(title: String)
    /// Removes the item with `id`.
    case remove(id: Int)
    /// Changes the title of the item with `id`.
    case rename(id: Int, title: String)
    /// Flips the done flag of the item with `id`.
    case toggleDone(id: Int)
}

/// Why the store refused an action.
public enum TodoError: Error, Hashable, Sendable {
    /// Titles must contain something besides spaces.
    case emptyTitle
    /// No item has this id (it was removed meanwhile).
    case notFound(id: Int)
    /// The store cannot write (injected failure: offline, disk full…).
    case unavailable

    /// What the screen says about it (short: the demo prints screens side by side).
    public var message: String {
        switch self {
        case .emptyTitle: return "needs a title"
        case .notFound(let id): return "item \(id) is gone"
        case .unavailable: return "offline, not saved"
        }
    }
}

/// Runs work later; the store uses it for its latency. Each style passes an adapter over its own
/// scheduler (see `Scheduling.swift`), so the store stays framework-free and tests run in virtual time.
public protocol TodoDelaying: AnyObject {
    /// Runs `work` after `seconds`.
    func run(after seconds: Double, _ work: @escaping () -> Void)
}

/// A token returned by `TodoStore.observe`; `invalidate()` stops the notifications.
public final class TodoObservation {
    private weak var store: TodoStore?
    let id: Int

    init(store: TodoStore, id: Int) {
        self.store = store
        self.id = id
    }

    /// Stops the notifications (idempotent).
    public func invalidate() {
        store?.removeObserver(id)
        store = nil
    }
}

/// An in-memory to-do store with latency and injectable failures. Not thread-safe: call it from one
/// thread (the UI's), as the samples do.
public final class TodoStore {
    /// The items as they are now.
    public private(set) var items: [TodoItem]
    /// When set, every write fails with this error (an injected failure); `nil` lets writes through.
    public var writeFailure: TodoError?
    /// How many observations are live (the tests prove that every one ends).
    public var observerCount: Int { observers.count }

    private let latency: Double
    private let delaying: TodoDelaying
    private var nextItemID: Int
    private var nextObserverID = 0
    private var observers: [(id: Int, onChange: (CollectionDifference<TodoItem>) -> Void)] = []

    /// A store holding `items`, applying each action `latency` seconds after it is asked for.
    public init(items: [TodoItem] = [], latency: Double = 0.2, delaying: TodoDelaying) {
        self.items = items
        self.latency = latency
        self.delaying = delaying
        nextItemID = (items.map(\.id).max() ?? 0) + 1
    }

    /// Calls `onChange` with a difference that inserts the current items, at once, then with the
    /// difference of every change until the token is invalidated.
    public func observe(_ onChange: @escaping (CollectionDifference<TodoItem>) -> Void) -> TodoObservation {
        nextObserverID += 1
        observers.append((nextObserverID, onChange))
        let token = TodoObservation(store: self, id: nextObserverID)
        onChange(items.difference(from: []))
        return token
    }

    /// Applies `action` after the latency, notifies observers, then calls `completion`.
    public func perform(_ action: TodoAction, completion: @escaping (Result<Void, TodoError>) -> Void) {
        delaying.run(after: latency) { [weak self] in
            guard let self else { return }
            completion(self.apply(action))
        }
    }

    func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    private func apply(_ action: TodoAction) -> Result<Void, TodoError> {
        if let writeFailure { return .failure(writeFailure) }
        var updated = items
        switch action {
        case .add(let title):
            guard let title = Self.validated(title) else { return .failure(.emptyTitle) }
            updated.append(TodoItem(id: nextItemID, title: title))
            nextItemID += 1
        case .remove(let id):
            guard let index = updated.firstIndex(where: { $0.id == id }) else { return .failure(.notFound(id: id)) }
            updated.remove(at: index)
        case .rename(let id, let title):
            guard let index = updated.firstIndex(where: { $0.id == id }) else { return .failure(.notFound(id: id)) }
            guard let title = Self.validated(title) else { return .failure(.emptyTitle) }
            updated[index].title = title
        case .toggleDone(let id):
            guard let index = updated.firstIndex(where: { $0.id == id }) else { return .failure(.notFound(id: id)) }
            updated[index].isDone.toggle()
        }
        let difference = updated.difference(from: items)
        items = updated
        for observer in observers { observer.onChange(difference) }
        return .success(())
    }

    private static func validated(_ title: String) -> String? {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Applies a `CollectionDifference` of items to a list of per-item view models, keeping each view
/// model while its item stays: a removal and an insertion of the same id (a rename or a toggle) update
/// the existing view model instead of making a new one. Shared by the three styles' view models.
public enum StableCells {
    /// `cells` after `difference`; `cells` must line up with the items `difference` was computed from.
    public static func apply<Cell>(_ difference: CollectionDifference<TodoItem>, to cells: [Cell],
                                   make: (TodoItem) -> Cell, update: (Cell, TodoItem) -> Void) -> [Cell] {
        var cells = cells
        var removed: [Int: Cell] = [:]
        // A CollectionDifference lists removals (highest offset first), then insertions (lowest first),
        // which is an order they can be applied in one by one.
        for change in difference {
            switch change {
            case .remove(let offset, let item, _):
                removed[item.id] = cells.remove(at: offset)
            case .insert(let offset, let item, _):
                if let kept = removed.removeValue(forKey: item.id) {
                    update(kept, item)
                    cells.insert(kept, at: offset)
                } else {
                    cells.insert(make(item), at: offset)
                }
            }
        }
        return cells
    }
}
