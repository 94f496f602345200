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

extension ObservableType {
    /// The sequence's completion or error, with its elements ignored. Same as RxSwift's `asCompletable()`.
    public func asCompletable() -> Completable {
        let source = asObservable()
        return PrimitiveSequence(raw: Observable<Never>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        })
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs `second` after this completes (an error ends it). Same as RxSwift's `Completable.concat(_:)`.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs `sequence`'s completables one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable where Sequence.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Runs `collection`'s completables one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs `sources` one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat(_ sources: Completable...) -> Completable {
        PrimitiveSequence(raw: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip(_ sources: [Completable]) -> Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }

    /// After this completes, the outcome of `second` (an error from this skips it). Same as RxSwift's
    /// `andThen(_:)`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        PrimitiveSequence(raw: afterCompletion(second.asObservable()))
    }

    /// After this completes, the outcome of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        PrimitiveSequence(raw: afterCompletion(second.asObservable()))
    }

    /// After this completes, the outcome of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen(_ second: Completable) -> Completable {
        concat(second)
    }

    /// After this completes, the elements of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        afterCompletion(second)
    }

    /// `second`, subscribed once this completes (this one's elements are `Never`).
    private func afterCompletion<Element>(_ second: Observable<Element>) -> Observable<Element> {
        let source = primitiveSequence.source
        let first = Observable<Element>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        }
        return first.concat(second)
    }
}
