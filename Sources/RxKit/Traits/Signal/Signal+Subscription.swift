extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Sends every element and the completion to `observers`. Same as RxCocoa's `emit(to:)`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every element, as an optional, and the completion to `observers`. Same as RxCocoa's `emit(to:)`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> Disposable where Observer.Element == Element? {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Accepts every element into `relays`. Same as RxCocoa's `emit(to:)` for `PublishRelay`.
    public func emit(to relays: PublishRelay<Element>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into `relays`. Same as RxCocoa's `emit(to:)`.
    public func emit(to relays: PublishRelay<Element?>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into `relays`. Same as RxCocoa's `emit(to:)` for `BehaviorRelay`.
    public func emit(to relays: BehaviorRelay<Element>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into `relays`. Same as RxCocoa's `emit(to:)` for `ReplayRelay`.
    public func emit(to relays: ReplayRelay<Element>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts each element, as an optional, into `relays`, on the main thread. Same as RxCocoa's
    /// `emit(to:)` for relays of optionals.
    public func emit(to relays: BehaviorRelay<Element?>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts each element, as an optional, into `relays`, on the main thread. Same as RxCocoa's
    /// `emit(to:)` for relays of optionals.
    public func emit(to relays: ReplayRelay<Element?>...) -> Disposable {
        ensureMainThreadUnlessMocked("emit(to:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Calls the closures for elements, completion and disposal, on the main thread. Same as RxCocoa's
    /// `emit(onNext:onCompleted:onDisposed:)`. The closures are not `@Sendable` (see `drive`).
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        ensureMainThreadUnlessMocked("emit(onNext:onCompleted:onDisposed:)")
        return asSharedSequence().subscribeClosures(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like `emit(onNext:onCompleted:onDisposed:)`, passing a weakly held `object`. Same as RxCocoa's
    /// `emit(with:onNext:onCompleted:onDisposed:)`.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        ensureMainThreadUnlessMocked("emit(with:onNext:onCompleted:onDisposed:)")
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handlers, on the main thread: the same as `emit(onNext: nil, onCompleted: nil,
    /// onDisposed: nil)`. Same as RxCocoa's `emit()`, which exists because a bare `emit()` is otherwise
    /// ambiguous between the variadic and the defaulted overloads.
    public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
