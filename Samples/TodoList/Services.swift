import CombineKit
import CombineKitExt
import Foundation
import RxKit

// The store seen through each framework, and the store's latency run on each framework's scheduler.

/// Runs the store's latency on an RxKit scheduler.
public final class RxTodoDelaying: TodoDelaying {
    private let scheduler: SchedulerType

    /// Delays on `scheduler`.
    public init(scheduler: SchedulerType) { self.scheduler = scheduler }

    public func run(after seconds: Double, _ work: @escaping () -> Void) {
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(Int((seconds * 1_000).rounded()))) { _ in
            work()
            return Disposables.create()
        }
    }
}

/// Runs the store's latency on a CombineKit scheduler.
public final class CombineTodoDelaying<S: CombineKit.Scheduler>: TodoDelaying {
    private let scheduler: S

    /// Delays on `scheduler`.
    public init(scheduler: S) { self.scheduler = scheduler }

    public func run(after seconds: Double, _ work: @escaping () -> Void) {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds)), work)
    }
}

/// The to-do store in RxKit style: a change stream and actions as `Single`s.
public final class RxTodoService {
    private let store: TodoStore

    /// Wraps `store`.
    public init(store: TodoStore) { self.store = store }

    /// The store's changes; each subscription is one observation, ended (token invalidated) on dispose.
    public var changes: Observable<CollectionDifference<TodoItem>> {
        let store = self.store
        return Observable.create { observer in
            let token = store.observe { observer.onNext($0) }
            return Disposables.create { token.invalidate() }
        }
    }

    /// Performs `action` when subscribed; succeeds once the store has applied it, fails with a `TodoError`.
    public func perform(_ action: TodoAction) -> Single<Void> {
        let store = self.store
        return Single.create { single in
            store.perform(action) { result in single(result.mapError { $0 }) }
            return Disposables.create()
        }
    }
}

/// The to-do store in CombineKit style: a change publisher and actions as one-shot publishers.
public final class CombineTodoService {
    private let store: TodoStore

    /// Wraps `store`.
    public init(store: TodoStore) { self.store = store }

    /// The store's changes; each subscription is one observation, ended (token invalidated) on cancel.
    public var changes: AnyPublisher<CollectionDifference<TodoItem>, Never> {
        let store = self.store
        return AnyPublisher.create { emitter in
            let token = store.observe { emitter.send($0) }
            return AnyCancellable { token.invalidate() }
        }
    }

    /// Performs `action` when subscribed (`Deferred` keeps `Future` from starting early).
    public func perform(_ action: TodoAction) -> AnyPublisher<Void, TodoError> {
        let store = self.store
        return Deferred {
            Future<Void, TodoError> { promise in store.perform(action, completion: promise) }
        }
        .eraseToAnyPublisher()
    }
}
