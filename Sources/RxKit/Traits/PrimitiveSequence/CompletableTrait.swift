/// The trait of `Completable`.
public enum CompletableTrait {}

/// A sequence with no elements that completes or fails. Same as RxSwift's `Completable`.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a `Completable` delivers. Same as RxSwift's `CompletableEvent`.
public enum CompletableEvent {
    /// The error.
    case error(Swift.Error)
    /// Completion.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The callback `Completable.create` hands to its closure.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A `Completable` whose subscription runs `subscribe`; only the first event counts.
    public static func create(subscribe: @escaping (@escaping CompletableObserver) -> Disposable) -> Completable {
        let source = Observable<Never>.create { observer in
            subscribe { event in
                switch event {
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        }
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes `observer` to the outcome.
    public func subscribe(_ observer: @escaping (CompletableEvent) -> Void) -> Disposable {
        primitiveSequence.asObservable().subscribe { event in
            switch event {
            case .next: break
            case .error(let error): observer(.error(error))
            case .completed: observer(.completed)
            }
        }
    }

    /// Subscribes closures to the outcome. An error without `onError` goes to `Hooks.defaultErrorHandler`.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        primitiveSequence.asObservable().subscribe(
            onError: { error in
                if let onError { onError(error) } else { Hooks.reportUnhandled(error) }
            },
            onCompleted: onCompleted,
            onDisposed: onDisposed
        )
    }

    /// Like `subscribe(onCompleted:onError:onDisposed:)`, passing a weakly held `object`.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in if let object { onCompleted?(object) } },
            onError: { [weak object] error in if let object { onError?(object, error) } },
            onDisposed: { [weak object] in if let object { onDisposed?(object) } }
        )
    }

    /// A `Completable` that completes at once.
    public static func empty() -> Completable {
        PrimitiveSequence(raw: Observable.empty())
    }

    /// A `Completable` that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        PrimitiveSequence(raw: Observable.error(error))
    }

    /// A `Completable` that never finishes.
    public static func never() -> Completable {
        PrimitiveSequence(raw: Observable.never())
    }
}
