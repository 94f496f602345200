/// Something that is, or wraps, an `Infallible`. Same as RxSwift's `InfallibleType`.
public protocol InfallibleType: ObservableConvertibleType {}

/// A sequence that never errors: elements, then maybe completion. Same as RxSwift 6's `Infallible`.
/// A thin wrapper over an `Observable`; the only ways in (`create`, the creation helpers and the
/// `asInfallible(onError…)` conversions) guarantee that no error reaches it.
public struct Infallible<Element>: InfallibleType {
    let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension Infallible: @unchecked Sendable {}

/// What an `Infallible.create` observer receives. Same as RxSwift's `InfallibleEvent`.
public enum InfallibleEvent<Element> {
    /// An element.
    case next(Element)
    /// Completion.
    case completed
}

extension InfallibleType {
    /// An `Infallible` whose subscription runs `subscribe`; nothing after completion counts.
    /// Same as RxSwift's `Infallible.create(subscribe:)`.
    public static func create(subscribe: @escaping (@escaping (InfallibleEvent<Element>) -> Void) -> Disposable) -> Infallible<Element> {
        Infallible(Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .next(let element): observer.on(.next(element))
                case .completed: observer.on(.completed)
                }
            }
        })
    }

    /// Subscribes closures to elements, completion and disposal. Same as RxSwift's
    /// `Infallible.subscribe(onNext:onCompleted:onDisposed:)`.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like `subscribe(onNext:onCompleted:onDisposed:)`, passing a weakly held `object` to each closure;
    /// nothing is called once it is gone. Same as RxSwift's `subscribe(with:onNext:onCompleted:onDisposed:)`.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes a closure to every event (never `.error`). Same as RxSwift's `Infallible.subscribe(_:)`.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        asObservable().subscribe(on)
    }

    /// Sends the elements and completion to `observers`. Same as RxSwift's `Infallible.bind(to:)`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends the elements, as optionals, and completion to `observers`. Same as RxSwift's `bind(to:)`.
    public func bind<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Accepts each element into `relays` (relays ignore completion). Same as RxSwift's `bind(to:)`.
    public func bind(to relays: PublishRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts each element into `relays`. Same as RxSwift's `bind(to:)`.
    public func bind(to relays: BehaviorRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts each element into `relays`. Same as RxSwift's `bind(to:)`.
    public func bind(to relays: ReplayRelay<Element>...) -> Disposable {
        subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Calls `onNext` for each element. Same as RxSwift's `bind(onNext:)`.
    public func bind(onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext)
    }

    /// This sequence as an `Infallible`.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}

extension ObservableConvertibleType {
    /// The sequence as an `Infallible` that emits `element` and completes in place of an error.
    /// Same as RxSwift's `asInfallible(onErrorJustReturn:)`.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// The sequence as an `Infallible` that continues with `infallible` in place of an error.
    /// Same as RxSwift's `asInfallible(onErrorFallbackTo:)`.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// The sequence as an `Infallible` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxSwift's `asInfallible(onErrorRecover:)`.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}

// MARK: - Creation

extension InfallibleType {
    /// `element`, then completion. Same as RxSwift's `Infallible.just`.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(.just(element)) }

    /// `element` on `scheduler`, then completion. Same as RxSwift's `Infallible.just(_:scheduler:)`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }

    /// Completion only. Same as RxSwift's `Infallible.empty`.
    public static func empty() -> Infallible<Element> { Infallible(.empty()) }

    /// Nothing, ever. Same as RxSwift's `Infallible.never`.
    public static func never() -> Infallible<Element> { Infallible(.never()) }

    /// A sequence made anew by `factory` for each subscriber. Same as RxSwift's `Infallible.deferred`.
    public static func deferred(_ factory: @escaping () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(Observable.deferred { factory().asObservable() })
    }

    /// `elements`, then completion. Same as RxSwift's `Infallible.of`.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler))
    }

    /// `array`'s elements, then completion. Same as RxSwift's `Infallible.from(_:)`.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(array, scheduler: scheduler))
    }

    /// `sequence`'s elements, then completion. Same as RxSwift's `Infallible.from(_:)`.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element>
        where Sequence.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }

    /// The optional's value if any, then completion. Same as RxSwift's `Infallible.from(optional:)`.
    public static func from(optional: Element?) -> Infallible<Element> { Infallible(.from(optional: optional)) }
}

extension InfallibleType where Element: RxAbstractInteger {
    /// `0` after `dueTime`, then each `period` the next integer. Same as RxSwift's `Infallible.timer`.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable<Element>.timer(dueTime, period: period, scheduler: scheduler))
    }

    /// `0, 1, 2, …` every `period`. Same as RxSwift's `Infallible.interval`.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable<Element>.interval(period, scheduler: scheduler))
    }
}
