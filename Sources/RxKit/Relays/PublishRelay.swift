/// A `PublishSubject` that can neither fail nor complete: it only accepts elements, and sends each to the
/// observers subscribed at the time. Same as RxRelay's `PublishRelay`.
///
/// Differs from RxRelay in one way that only adds: it is an `Observable` itself (RxRelay's is an
/// `ObservableType` wrapping a `PublishSubject`), so `asObservable()` returns the relay, and a relay is two
/// objects, itself and its observer list (`SubjectHub`), rather than three (R2 Rx→Combine builds one per
/// subscription).
public final class PublishRelay<Element>: Observable<Element>, @unchecked Sendable {
    /// The observers. Made in the inlinable `init`, in the caller's specialised code (see `PublishSubject.hub`).
    @usableFromInline let hub: SubjectHub<Element>

    /// A new relay.
    @inlinable
    public override init() {
        hub = SubjectHub(guardedByOwnMutex: ())
        super.init()
    }

    deinit {
        SubjectHubBase.subjectDidEnd(hub: Unmanaged.passUnretained(hub).toOpaque())  // see `SubjectSubscription`
    }

    /// Sends `event` to current subscribers.
    // Inlinable: the element is copied into a local in the caller's specialised code (see `PublishSubject.onNext`).
    @inlinable
    public func accept(_ event: Element) {
        var value = event
        sendNext(at: &value)
    }

    /// `accept` with the element read in place at `element`.
    @usableFromInline
    func sendNext(at element: UnsafePointer<Element>) {
        hub.lock.lock()
        hub.broadcastNextLocked(at: element)
    }

    /// Subscribes `observer` to the elements accepted from now on (a relay never terminates).
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        hub.lock.lock()
        let key = hub.addKeyedLocked(observer)
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: key)
    }

    /// `subscribe(_:)` for an RxKit node with both lanes (see `Observable.subscribe(shareConnection:)`).
    override func subscribe(shareConnection node: ObserverNode) -> SubjectSubscription? {
        hub.lock.lock()
        let key = hub.addKeyedLocked(node: node)
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: key)
    }
}

extension PublishRelay {
    /// The relay as an `Infallible`: a relay never fails. Same as RxRelay's `asInfallible()`.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
