/// A subject that sends each event to the observers subscribed at the time. Late subscribers get only
/// the terminal event, if there was one. Same as RxSwift's `PublishSubject`.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    public typealias SubjectObserverType = PublishSubject<Element>

    private let hub = SubjectHub<Element>()
    private var stopEvent: Event<Element>?
    private var disposed = false

    /// A new subject.
    public override init() {
        super.init()
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { hub.lock.withLock { disposed } }

    /// Sends `event` to current observers. Events after a terminal event or disposal are ignored.
    public func on(_ event: Event<Element>) {
        hub.lock.lock()
        if disposed || stopEvent != nil {
            hub.lock.unlock()
            return
        }
        let observers = hub.entries
        if event.isStopEvent {
            stopEvent = event
            hub.removeAllLocked()
        }
        hub.dispatchLocked(.broadcast(event, observers))
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        hub.lock.lock()
        if disposed {
            hub.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stopEvent {
            hub.dispatchLocked(.replay([stopEvent], hub.detachedEntry(observer)))
            return Disposables.create()
        }
        let entry = hub.addLocked(observer)
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: entry.key)
    }

    /// The observer side (the subject itself).
    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases every observer; later subscribers receive `RxError.disposed`.
    public func dispose() {
        hub.lock.withLock {
            disposed = true
            hub.removeAllLocked()
            stopEvent = nil
        }
    }
}
