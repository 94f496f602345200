/// A `ReplaySubject` that can neither fail nor complete. Same as RxRelay's `ReplayRelay`.
public final class ReplayRelay<Element>: ObservableType, @unchecked Sendable {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay replaying at most `bufferSize` latest elements.
    public static func create(bufferSize: Int) -> ReplayRelay<Element> {
        ReplayRelay(subject: .create(bufferSize: bufferSize))
    }

    /// A relay replaying every element.
    public static func createUnbounded() -> ReplayRelay<Element> {
        ReplayRelay(subject: .createUnbounded())
    }

    /// Sends `event` to subscribers and buffers it.
    public func accept(_ event: Element) {
        subject.onNextElement(event)
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subject.subscribe(observer)
    }

    /// The relay as an `Observable`.
    public func asObservable() -> Observable<Element> { subject.asObservable() }
}

extension ReplayRelay {
    /// The relay as an `Infallible`: a relay never fails. Same as RxRelay's `asInfallible()`.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
