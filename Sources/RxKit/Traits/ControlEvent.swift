/// Something that is, or wraps, a `ControlEvent`. Same as RxCocoa's `ControlEventType`.
public protocol ControlEventType: ObservableType {
    /// The event as a `ControlEvent`.
    func asControlEvent() -> ControlEvent<Element>
}

/// A UI-free control event (a tap, a "value changed"): never errors, completes when its control goes
/// away, and is delivered on the main scheduler. Same as RxCocoa's `ControlEvent`, without UIKit: a
/// headless view builds one from any events source (e.g. a `PublishRelay`).
public struct ControlEvent<PropertyType>: ControlEventType {
    public typealias Element = PropertyType

    let events: Observable<PropertyType>

    /// A control event over `events`, subscribed on the main scheduler.
    /// Same as RxCocoa's `ControlEvent(events:)`.
    public init<Ev: ObservableType>(events: Ev) where Ev.Element == Element {
        self.events = events.subscribe(on: controlSubscriptionScheduler())
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an `Observable`.
    public func asObservable() -> Observable<Element> { events }

    /// Returns `self`.
    public func asControlEvent() -> ControlEvent<Element> { self }

    /// The events as a `Signal`. Same as RxCocoa's `ControlEvent.asSignal()`.
    public func asSignal() -> Signal<Element> {
        asSignal(onErrorRecover: { _ in .empty() })
    }

    /// The events as a `Driver`. Same as RxCocoa's `ControlEvent.asDriver()`.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in .empty() })
    }
}

extension ControlEvent: @unchecked Sendable {}

/// Where control events and properties are subscribed: `ConcurrentMainScheduler` as in RxCocoa, or the
/// mocked scheduler inside `SharingScheduler.mock`, so tests can run them in virtual time.
func controlSubscriptionScheduler() -> ImmediateSchedulerType {
    SharingScheduler.isMocked ? SharingScheduler.make() : ConcurrentMainScheduler.instance
}
