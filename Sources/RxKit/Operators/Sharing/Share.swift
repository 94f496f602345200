/// How long `share(replay:scope:)` keeps its subject. Same as RxSwift's `SubjectLifetimeScope`.
public enum SubjectLifetimeScope: Sendable {
    /// Each connection has its own subject: when the source terminates, or the last subscriber leaves,
    /// the subject (and its replay buffer) is dropped, and the next subscriber subscribes to the
    /// source again with a fresh one. The recommended default.
    case whileConnected
    /// One subject for the life of the shared sequence: after the source terminates, new subscribers
    /// get the replayed elements and the terminal event and the source is never subscribed again; if
    /// the last subscriber leaves before that, a new one reconnects and may see stale replayed elements.
    case forever
}

extension ObservableType {
    /// Shares one subscription to the source among all subscribers (connected while anyone is
    /// subscribed), replaying the latest `replay` elements to each new subscriber. Same as RxSwift's
    /// `share(replay:scope:)`: `.whileConnected` behaves as `multicast(makeSubject:).refCount()` (with
    /// replay 0 or 1 through a dedicated, lighter type, as in RxSwift), `.forever` is `multicast(subject).refCount()`.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        precondition(replay >= 0, "share(replay:scope:) needs a replay count of 0 or more (got \(replay)).")
        switch scope {
        case .forever:
            if replay == 0 {
                return multicast(PublishSubject<Element>()).refCount()
            }
            return multicast(ReplaySubject<Element>.create(bufferSize: replay)).refCount()
        case .whileConnected:
            if replay <= 1 {
                // RxSwift's dedicated `ShareWhileConnected` / `ShareReplay1WhileConnected` cases.
                return ShareWhileConnected(source: asObservable(), replaysLatest: replay == 1)
            }
            return multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) }).refCount()
        }
    }
}
