/// The trait of `Maybe`.
public enum MaybeTrait {}

/// A sequence of at most one element: an element, completion without one, or an error.
/// Same as RxSwift's `Maybe`.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a `Maybe` delivers. Same as RxSwift's `MaybeEvent`.
public enum MaybeEvent<Element> {
    /// The one element (then it is over).
    case success(Element)
    /// The error.
    case error(Swift.Error)
    /// Completion without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The callback `Maybe.create` hands to its closure.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A `Maybe` whose subscription runs `subscribe`; only the first event counts.
    public static func create(subscribe: @escaping (@escaping MaybeObserver) -> Disposable) -> Maybe<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the outcome.
    public func subscribe(_ observer: @escaping (MaybeEvent<Element>) -> Void) -> Disposable {
        var delivered = false
        return primitiveSequence.asObservable().subscribe { event in
            if delivered { return }
            delivered = true
            switch event {
            case .next(let element): observer(.success(element))
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures to the outcome. An error without `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        var succeeded = false
        return primitiveSequence.asObservable().subscribe(
            onNext: { element in
                succeeded = true
                onSuccess?(element)
            },
            onError: { error in
                if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
            },
            onCompleted: { if !succeeded { onCompleted?() } },
            onDisposed: onDisposed
        )
    }

    /// Like `subscribe(onSuccess:onError:onCompleted:onDisposed:)`, passing a weakly held `object`.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in if let object { onSuccess?(object, element) } },
            onError: { [weak object] error in if let object { onError?(object, error) } },
            onCompleted: { [weak object] in if let object { onCompleted?(object) } },
            onDisposed: { [weak object] in if let object { onDisposed?(object) } }
        )
    }

    /// A `Maybe` of `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.just(element))
    }

    /// A `Maybe` that completes without an element.
    public static func empty() -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.empty())
    }

    /// A `Maybe` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Maybe` that never delivers.
    public static func never() -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` of `element`, delivered on `scheduler`. Same as RxSwift's `just(_:scheduler:)`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
    }
}
