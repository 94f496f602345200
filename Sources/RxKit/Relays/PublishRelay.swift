/// A `PublishSubject` that can neither fail nor complete: it only accepts elements.
/// Same as RxRelay's `PublishRelay`.
public final class PublishRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline let subject: PublishSubject<Element>

    /// A new relay.
    // Inlinable: the subject is then made in the caller's specialised code, with its metadata at hand
    // rather than looked up at run time on every relay made.
    @inlinable
    public init() {
        subject = PublishSubject()
    }

    /// Sends `event` to current subscribers.
    // Inlinable: see `PublishSubject.onNext`.
    @inlinable
    public func accept(_ event: Element) {
        var value = event
        subject.sendNext(at: &value)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an `Observable`.
    public func asObservable() -> Observable<Element> { subject.asObservable() }
}
