import CombineKit
import CombineKitExt
import RxKit

// The database's live queries seen through each framework, and its latency on each framework's
// scheduler. The token's lifetime is the subscription's: both wrappers invalidate it when the
// subscription ends for any reason — disposed/cancelled, completed (database closed) or failed.

/// Runs the database's latency on an RxKit scheduler.
public final class RxLiveQueryDelaying: LiveQueryDelaying {
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

/// Runs the database's latency on a CombineKit scheduler.
public final class CombineLiveQueryDelaying<S: CombineKit.Scheduler>: LiveQueryDelaying {
    private let scheduler: S

    /// Delays on `scheduler`.
    public init(scheduler: S) { self.scheduler = scheduler }

    public func run(after seconds: Double, _ work: @escaping () -> Void) {
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(seconds)), work)
    }
}

/// Live queries in RxKit style.
public final class RxMessageService {
    private let database: MessageDatabase

    /// Wraps `database`.
    public init(database: MessageDatabase) { self.database = database }

    /// The messages `filter` selects, live. Each subscription is one observation: `.closed` completes
    /// the sequence, `.error` fails it, and the token is invalidated however the subscription ends
    /// (`Observable.create` disposes what its closure returned after a terminal event too).
    public func messages(_ filter: MessageFilter) -> Observable<LiveQueryChange> {
        let database = self.database
        return Observable.create { observer in
            let token = database.observe(filter) { event in
                switch event {
                case .change(let change): observer.onNext(change)
                case .error(let error): observer.onError(error)
                case .closed: observer.onCompleted()
                }
            }
            return Disposables.create { token.invalidate() }
        }
    }
}

/// Live queries in CombineKit style.
public final class CombineMessageService {
    private let database: MessageDatabase

    /// Wraps `database`.
    public init(database: MessageDatabase) { self.database = database }

    /// The messages `filter` selects, live. Each subscription is one observation: `.closed` finishes
    /// the publisher, `.error` fails it. The token-based API is wrapped the Combine way: a subject per
    /// subscription (`Deferred`), the observation started in `handleEvents(receiveSubscription:)`, and the
    /// token invalidated in CombineKitExt's `onDispose`, which runs however the subscription ends —
    /// cancelled, finished (database closed) or failed (RxSwift's `do(onDispose:)`). The first results
    /// come after the database's latency, so none is sent before the subscriber's demand.
    public func messages(_ filter: MessageFilter) -> AnyPublisher<LiveQueryChange, LiveQueryError> {
        let database = self.database
        return Deferred {
            let changes = PassthroughSubject<LiveQueryChange, LiveQueryError>()
            var token: NotificationToken?
            return changes
                .handleEvents(receiveSubscription: { _ in
                    token = database.observe(filter) { event in
                        switch event {
                        case .change(let change): changes.send(change)
                        case .error(let error): changes.send(completion: .failure(error))
                        case .closed: changes.send(completion: .finished)
                        }
                    }
                })
                .onDispose { token?.invalidate() }
        }
        .eraseToAnyPublisher()
    }
}
