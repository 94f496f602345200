/// Binding: `bind(to:)` subscribes an observer, relay or binder function. Same as RxSwift/RxRelay.
///
/// Relays cannot receive errors or completion: a relay binding ignores completion (as RxRelay does)
/// and reports an error to `Hooks.defaultErrorHandler` (RxRelay traps in debug builds; RxKit never
/// crashes on an unhandled error). Handle errors before binding, e.g. with `catchAndReturn`.
extension ObservableType {
    /// Subscribes all `observers`, forwarding every event to each.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Subscribes all `observers` of optional elements.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Calls `binder(self)`: for binder functions such as `viewModel.bindInput`.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }

    /// Calls `binder(self)(curriedArgument)`.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        binder(self)(curriedArgument)
    }

    /// Subscribes `onNext`; errors go to `Hooks.defaultErrorHandler`.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: { error in
            Hooks.reportUnhandled(BindingError(target: "bind(onNext:)", underlying: error))
        })
    }

    /// Subscribes `onNext`, called with `object` (held weakly: nothing is called once it is gone); errors go
    /// to `Hooks.defaultErrorHandler`. Same as RxCocoa's `bind(with:onNext:)`.
    public func bind<Object: AnyObject>(with object: Object, onNext: @escaping (Object, Element) -> Void) -> Disposable {
        subscribe(onNext: { [weak object] value in
            guard let object else { return }
            onNext(object, value)
        }, onError: { error in
            Hooks.reportUnhandled(BindingError(target: "bind(with:onNext:)", underlying: error))
        })
    }

    /// Binds to publish relays: elements become `accept` calls.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        bindToRelays("PublishRelay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Binds to publish relays of optional elements.
    public func bind(to relays: PublishRelay<Element?>...) -> Disposable {
        bindToRelays("PublishRelay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Binds to behavior relays: elements become `accept` calls.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        bindToRelays("BehaviorRelay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Binds to behavior relays of optional elements.
    public func bind(to relays: BehaviorRelay<Element?>...) -> Disposable {
        bindToRelays("BehaviorRelay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Binds to replay relays: elements become `accept` calls.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        bindToRelays("ReplayRelay") { element in relays.forEach { $0.accept(element) } }
    }

    /// Binds to replay relays of optional elements.
    public func bind(to relays: ReplayRelay<Element?>...) -> Disposable {
        bindToRelays("ReplayRelay") { element in relays.forEach { $0.accept(element) } }
    }

    private func bindToRelays(_ kind: String, _ accept: @escaping (Element) -> Void) -> Disposable {
        subscribe { event in
            switch event {
            case .next(let element): accept(element)
            case .error(let error): Hooks.reportUnhandled(BindingError(target: kind, underlying: error))
            case .completed: break
            }
        }
    }
}

/// An error that reached a binding which cannot take errors (a relay or `bind(onNext:)`).
/// Passed to `Hooks.defaultErrorHandler`; `underlying` is the original error.
public struct BindingError: Error, CustomStringConvertible {
    /// What was bound to.
    public let target: String
    /// The error the source produced.
    public let underlying: Error

    /// A binding error for `target` caused by `underlying`.
    public init(target: String, underlying: Error) {
        self.target = target
        self.underlying = underlying
    }

    public var description: String {
        "Binding error: the source bound to \(target) failed with \(underlying). Relays and bind(onNext:) cannot receive errors; handle them before binding (e.g. catchAndReturn)."
    }
}
