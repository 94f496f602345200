/// The trait of `Single`.
public enum SingleTrait {}

/// A sequence of exactly one element, or an error. Same as RxSwift's `Single`.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a `Single` delivers: `.success(element)` or `.failure(error)`. Same as RxSwift 6.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The callback `Single.create` hands to its closure.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A `Single` whose subscription runs `subscribe`; only the first result counts.
    public static func create(subscribe: @escaping (@escaping SingleObserver) -> Disposable) -> Single<Element> {
        let source = Observable<Element>.create { observer in
            subscribe { result in
                switch result {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the one result.
    public func subscribe(_ observer: @escaping (SingleEvent<Element>) -> Void) -> Disposable {
        var delivered = false
        return primitiveSequence.asObservable().subscribe { event in
            if delivered { return }
            switch event {
            case .next(let element):
                delivered = true
                observer(.success(element))
            case .error(let error):
                delivered = true
                observer(.failure(error))
            case .completed:
                delivered = true
                observer(.failure(RxError.noElements))
            }
        }
    }

    /// Subscribes closures to the element or the error. An error without `onFailure` goes to
    /// `Hooks.defaultErrorHandler`.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.asObservable().subscribe(onNext: onSuccess, onError: { error in
            if let onFailure { onFailure(error) } else { Hooks.reportUnhandled(error) }
        }, onDisposed: onDisposed)
    }

    /// RxSwift 6 renamed `onError` to `onFailure` here; the RxSwift 5 spelling still compiles, deprecated.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Like `subscribe(onSuccess:onFailure:onDisposed:)`, passing a weakly held `object` to each closure.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] element in if let object { onSuccess?(object, element) } },
            onFailure: { [weak object] error in if let object { onFailure?(object, error) } },
            onDisposed: { [weak object] in if let object { onDisposed?(object) } }
        )
    }

    /// A `Single` of `element`.
    public static func just(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element))
    }

    /// A `Single` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Single` that never delivers.
    public static func never() -> Single<Element> {
        PrimitiveSequence(raw: Observable.never())
    }

    /// A `Single` of `element`, delivered on `scheduler`. Same as RxSwift's `just(_:scheduler:)`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Single<Element> {
        PrimitiveSequence(raw: Observable.just(element, scheduler: scheduler))
    }

    /// This `Single` as a `Maybe`.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.asObservable())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The success or failure, with the element dropped. Same as RxSwift's `Single.asCompletable()`.
    public func asCompletable() -> Completable {
        primitiveSequence.source.ignoreElements().asCompletable()
    }
}
