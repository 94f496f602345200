/// A `BehaviorSubject` that can neither fail nor complete: it holds a current value and only accepts
/// elements. Same as RxRelay's `BehaviorRelay`.
public final class BehaviorRelay<Element>: ObservableType, @unchecked Sendable {
    @usableFromInline let subject: BehaviorSubject<Element>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        subject = BehaviorSubject(value: value)
    }

    /// The current value.
    public var value: Element {
        // A relay's subject never terminates and is never disposed, so `value()` cannot throw.
        do { return try subject.value() } catch { preconditionFailure("BehaviorRelay's subject failed unexpectedly: \(error)") }
    }

    /// Makes `event` the current value and sends it to subscribers.
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

extension BehaviorRelay {
    /// The relay as an `Infallible`: a relay never fails. Same as RxRelay's `asInfallible()`.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
