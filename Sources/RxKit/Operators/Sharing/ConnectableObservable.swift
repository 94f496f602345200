import ReactiveBridgePrimitives

/// A sequence that starts sharing its source only when `connect()` is called. Same as RxSwift's
/// `ConnectableObservableType`.
public protocol ConnectableObservableType: ObservableType {
    /// Subscribes the shared subject to the source (once: while connected, further calls return the
    /// same connection). Disposing the result disconnects.
    func connect() -> Disposable
}

/// The observable returned by `publish()`, `replay(_:)`, `replayAll()` and `multicast`: subscribers
/// subscribe to a subject, and `connect()` subscribes that subject to the source. Same as RxSwift's
/// `ConnectableObservable`.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType, @unchecked Sendable {
    override init() { super.init() }

    /// Connects the subject to the source. Subclasses override this.
    public func connect() -> Disposable {
        preconditionFailure("ConnectableObservable.connect() is abstract: create one with publish(), replay(_:), replayAll() or multicast.")
    }
}

/// `multicast`'s connectable: the subject comes from `makeSubject`, created on first use and again
/// after a connection ends (so `multicast(makeSubject:)` gives each connection a fresh subject, while
/// `multicast(_ subject:)`, whose factory returns the same subject, keeps one for good).
final class MulticastConnectableObservable<Subject: SubjectType>: ConnectableObservable<Subject.Element>, @unchecked Sendable {
    typealias SourceElement = Subject.Observer.Element

    private let source: Observable<SourceElement>
    private let makeSubject: () -> Subject
    private let lock = Lock()
    // Under `lock`:
    private var subject: Subject?
    private var connection: MulticastConnection<Subject>?

    init(source: Observable<SourceElement>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    /// The current subject, made (outside the lock: it is user code) if there is none.
    private func currentSubject() -> Subject {
        if let existing = lock.withLock({ subject }) { return existing }
        let made = makeSubject()
        return lock.withLock {
            if let existing = subject { return existing }
            subject = made
            return made
        }
    }

    override func connect() -> Disposable {
        if let existing = lock.withLock({ connection }) { return existing }
        let subject = currentSubject()
        lock.lock()
        if let existing = connection {
            lock.unlock()
            return existing
        }
        let newConnection = MulticastConnection(parent: self, subjectObserver: subject.asObserver())
        connection = newConnection
        lock.unlock()
        newConnection.attach(source.subscribe(newConnection))
        return newConnection
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Subject.Element {
        currentSubject().subscribe(observer)
    }

    /// Forgets `ended` (and its subject) if it is still the current connection.
    func connectionEnded(_ ended: MulticastConnection<Subject>) {
        lock.withLock {
            if connection === ended {
                connection = nil
                subject = nil
            }
        }
    }
}

/// One connection of a `MulticastConnectableObservable`: forwards the source into the subject, and
/// ends (disconnecting from the source) on disposal or when the source terminates.
final class MulticastConnection<Subject: SubjectType>: TypedElementLane, Cancelable, @unchecked Sendable {
    typealias Element = Subject.Observer.Element

    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var parent: MulticastConnectableObservable<Subject>?  // under `lock`; cleared when the connection ends
    private let subjectObserver: Subject.Observer
    /// The subject's element lane when it is one of RxKit's subjects.
    private let subjectLane: SubjectElementLane?
    private let subscription = SingleAssignmentDisposable()
    private let ended = OnceFlag()

    init(parent: MulticastConnectableObservable<Subject>, subjectObserver: Subject.Observer) {
        self.parent = parent
        self.subjectObserver = subjectObserver
        subjectLane = subjectObserver as? SubjectElementLane
    }

    func attach(_ sourceSubscription: Disposable) {
        subscription.setDisposable(sourceSubscription)
    }

    var isDisposed: Bool { ended.isSet }

    func on(_ event: Event<Element>) {
        if ended.isSet { return }
        if event.isStopEvent { dispose() }
        subjectObserver.on(event)
    }

    func onNextElement(_ element: Element) {
        if ended.isSet { return }
        if let subjectLane {
            var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
            subjectLane.onNextElement(typed: &value)
        } else {
            nextAsEvent(element)
        }
    }

    @inline(never)
    private func nextAsEvent(_ element: Element) {
        subjectObserver.on(.next(element))
    }

    func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }

    func dispose() {
        guard ended.set() else { return }
        let parent = lock.withLock {
            let taken = self.parent.take()
            return taken
        }
        parent?.connectionEnded(self)
        subscription.dispose()
    }
}
