/// A subject that emits only the last element, and only when it completes (then `completed`); on error
/// it emits only the error. Late subscribers get the same outcome. Same as RxSwift's `AsyncSubject`.
public final class AsyncSubject<Element>: Observable<Element>, SubjectType, ObserverType, @unchecked Sendable {
    public typealias SubjectObserverType = AsyncSubject<Element>

    private let hub = SubjectHub<Element>()

    deinit {
        SubjectHubBase.subjectDidEnd(hub: Unmanaged.passUnretained(hub).toOpaque())  // see `SubjectSubscription`
    }
    private var lastElement: Element?
    private var stopEvent: Event<Element>?

    /// A new subject.
    public override init() {
        super.init()
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    private func outcomeLocked() -> [Event<Element>] {
        guard let stopEvent else { return [] }
        if case .completed = stopEvent, let lastElement {
            return [.next(lastElement), .completed]
        }
        return [stopEvent]
    }

    public func on(_ event: Event<Element>) {
        hub.lock.lock()
        if stopEvent != nil {
            hub.lock.unlock()
            return
        }
        switch event {
        case .next(let value):
            lastElement = value
            hub.lock.unlock()
        case .error, .completed:
            stopEvent = event
            let observers = hub.entries
            _ = hub.removeAllLocked()  // `observers` keeps them until the broadcast, which releases the lock
            let outcome = outcomeLocked()
            if outcome.count == 2 {
                // Deliver next then completed to the observers of this moment, in one message each.
                hub.broadcastLocked(outcome[0], observers)
                hub.lock.lock()
                hub.broadcastLocked(outcome[1], observers)
            } else {
                hub.broadcastLocked(event, observers)
            }
        }
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        hub.lock.lock()
        if stopEvent != nil {
            hub.dispatchLocked(.replay(outcomeLocked(), hub.detachedEntry(observer)))
            return Disposables.create()
        }
        let key = hub.addLocked(observer).key
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: key)
    }

    /// The observer side (the subject itself).
    public func asObserver() -> AsyncSubject<Element> { self }
}
