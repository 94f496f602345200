/// Something that is, or wraps, a `ControlProperty`: an observable of values and an observer that sets
/// them. Same as RxCocoa's `ControlPropertyType`.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// The property as a `ControlProperty`.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI-free two-way property (a text field's text, a switch's value): `values` emits the current value
/// on subscription and every change, never errors, and is delivered on the main scheduler; `valueSink`
/// receives values to set. Same as RxCocoa's `ControlProperty`, without UIKit: a headless view builds
/// one from e.g. a `BehaviorRelay` and a `Binder`.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    public typealias Element = PropertyType

    let values: Observable<PropertyType>
    let valueSink: AnyObserver<PropertyType>

    /// A property reading `values` and writing to `valueSink`. Same as RxCocoa's
    /// `ControlProperty(values:valueSink:)`.
    public init<Values: ObservableType, Sink: ObserverType>(values: Values, valueSink: Sink)
        where Element == Values.Element, Element == Sink.Element {
        self.values = values.subscribe(on: controlSubscriptionScheduler())
        self.valueSink = valueSink.asObserver()
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// Sets the property for `.next`; errors are reported to `Hooks.defaultErrorHandler` (RxCocoa traps in
    /// debug builds); completion is ignored.
    public func on(_ event: Event<Element>) {
        switch event {
        case .next:
            valueSink.on(event)
        case .error(let error):
            Hooks.reportUnhandled(BindingError(target: "ControlProperty", underlying: error))
        case .completed:
            break
        }
    }

    /// The values as an `Observable`.
    public func asObservable() -> Observable<Element> { values }

    /// Returns `self`.
    public func asControlProperty() -> ControlProperty<Element> { self }

    /// The values as a `Driver`. Same as RxCocoa's `ControlProperty.asDriver()`.
    public func asDriver() -> Driver<Element> {
        asDriver(onErrorRecover: { _ in .empty() })
    }

    /// The changes only: the current value emitted on subscription is skipped. Same as RxCocoa's `changed`.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }
}

extension ControlProperty: @unchecked Sendable {}

extension ControlPropertyType where Element == String? {
    /// The property with `nil` read as `""`. Same as RxCocoa's `orEmpty`.
    public var orEmpty: ControlProperty<String> {
        let original = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
