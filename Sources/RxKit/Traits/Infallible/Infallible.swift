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

    /// This sequence as an `Infallible`.
    public func asInfallible() -> Infallible<Element> { Infallible(asObservable()) }
}
