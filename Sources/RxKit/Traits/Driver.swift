/// The sharing of `Driver`: delivers on the main scheduler and replays the latest element to new
/// subscribers (`share(replay: 1, scope: .whileConnected)`). Same as RxCocoa's `DriverSharingStrategy`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    @inlinable  // a Driver operator then makes the share in the caller's specialised code (no metadata look-up)
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        // `source.share(replay: 1, scope: .whileConnected)`, built directly: calling the protocol-extension
        // operator on an `Observable<Element>` here costs a metadata and a witness-table look-up per
        // Driver operator.
        ShareWhileConnected(source: source, replaysLatest: true, makeConnection: { ShareConnection(parent: $0) })
    }
}

/// A `SharedSequence` that never errors, delivers on the main scheduler and replays its latest element:
/// for UI state. Same as RxCocoa's `Driver`.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Returns `self`. Same as RxCocoa's `asDriver()`.
    public func asDriver() -> Driver<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// The sequence as a `Driver` that emits `onErrorJustReturn` and completes in place of an error.
    /// Same as RxCocoa's `asDriver(onErrorJustReturn:)`.
    @inlinable  // specialised in the caller: no `Observable<Element>` metadata or conformance look-up per call
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// The sequence as a `Driver` that continues with `onErrorDriveWith` in place of an error.
    /// Same as RxCocoa's `asDriver(onErrorDriveWith:)`.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// The sequence as a `Driver` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxCocoa's `asDriver(onErrorRecover:)`.
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension InfallibleType {
    /// The sequence as a `Driver` (it cannot error). Same as RxSwift's `Infallible.asDriver()`.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}

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
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
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

}
