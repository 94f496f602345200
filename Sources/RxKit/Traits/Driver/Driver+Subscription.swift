extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Sends every element and the completion to `observers`. Must be called on the main thread.
    /// Same as RxCocoa's `drive(_:)`.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Sends every element, as an optional, and the completion to `observers`. Same as RxCocoa's `drive(_:)`.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> Disposable where Observer.Element == Element? {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().map { $0 as Element? }.subscribe { event in observers.forEach { $0.on(event) } }
    }

    /// Accepts every element into `relays`. Same as RxCocoa's `drive(_:)` for `BehaviorRelay`.
    public func drive(_ relays: BehaviorRelay<Element>...) -> Disposable {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into `relays`. Same as RxCocoa's `drive(_:)`.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> Disposable {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element into `relays`. Same as RxCocoa's `drive(_:)` for `ReplayRelay`.
    public func drive(_ relays: ReplayRelay<Element>...) -> Disposable {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Accepts every element, as an optional, into `relays`. Same as RxCocoa's `drive(_:)`.
    public func drive(_ relays: ReplayRelay<Element?>...) -> Disposable {
        ensureMainThreadUnlessMocked("drive(_:)")
        return asObservable().subscribe(onNext: { element in relays.forEach { $0.accept(element) } })
    }

    /// Calls `transformation(self)`, e.g. a binder function. Same as RxCocoa's `drive(_:)`.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        ensureMainThreadUnlessMocked("drive(_:)")
        return transformation(asObservable())
    }

    /// Calls `with(self)(curriedArgument)`. Same as RxCocoa's `drive(_:curriedArgument:)`.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        ensureMainThreadUnlessMocked("drive(_:curriedArgument:)")
        return with(asObservable())(curriedArgument)
    }

    /// Calls the closures for elements, completion and disposal, on the main thread. Same as
    /// RxCocoa's `drive(onNext:onCompleted:onDisposed:)`.
    ///
    /// The closures are not `@Sendable`: from a `@MainActor` type they may touch its state directly,
    /// because a `Driver` delivers on the main thread (see ARCHITECTURE.md, "Concurrency").
    @inlinable  // specialised in the caller: no `Observable<Element>` metadata or conformance look-up per call
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        ensureMainThreadUnlessMocked("drive(onNext:onCompleted:onDisposed:)")
        return asSharedSequence().subscribeClosures(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Like `drive(onNext:onCompleted:onDisposed:)`, passing a weakly held `object`; nothing is called
    /// once it is gone. Same as RxCocoa's `drive(with:onNext:onCompleted:onDisposed:)`.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        ensureMainThreadUnlessMocked("drive(with:onNext:onCompleted:onDisposed:)")
        return asObservable().subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with no handlers, on the main thread: the same as `drive(onNext: nil, onCompleted: nil,
    /// onDisposed: nil)`. Same as RxCocoa's `drive()`, which exists because a bare `drive()` is otherwise
    /// ambiguous between the variadic and the defaulted overloads.
    public func drive() -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
