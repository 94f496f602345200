/// The sharing of `Signal`: delivers on the main scheduler and shares without replay
/// (`share(scope: .whileConnected)`). Same as RxCocoa's `SignalSharingStrategy`.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    @inlinable  // a Driver operator then makes the share in the caller's specialised code (no metadata look-up)
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        // `source.share(scope: .whileConnected)`, built directly (see `DriverSharingStrategy.share`).
        ShareWhileConnected(source: source, replaysLatest: false, makeConnection: { ShareConnection(parent: $0) })
    }
}

/// A `SharedSequence` that never errors, delivers on the main scheduler and does not replay: for
/// events (taps, navigation). Same as RxCocoa's `Signal`.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Returns `self`. Same as RxCocoa's `asSignal()`.
    public func asSignal() -> Signal<Element> { asSharedSequence() }
}

extension ObservableConvertibleType {
    /// The sequence as a `Signal` that emits `onErrorJustReturn` and completes in place of an error.
    /// Same as RxCocoa's `asSignal(onErrorJustReturn:)`.
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// The sequence as a `Signal` that continues with `onErrorSignalWith` in place of an error.
    /// Same as RxCocoa's `asSignal(onErrorSignalWith:)`.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { _ in onErrorSignalWith.asObservable() })
    }

    /// The sequence as a `Signal` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxCocoa's `asSignal(onErrorRecover:)`.
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

extension InfallibleType {
    /// The sequence as a `Signal` (it cannot error). Same as RxSwift's `Infallible.asSignal()`.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}

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

    /// Calls the closures for elements, completion and disposal, on the main thread. Same as RxCocoa's
    /// `emit(onNext:onCompleted:onDisposed:)`. The closures are not `@Sendable` (see `drive`).
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        ensureMainThreadUnlessMocked("emit(onNext:onCompleted:onDisposed:)")
        return asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
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
}
