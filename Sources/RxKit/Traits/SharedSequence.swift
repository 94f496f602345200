/// How a `SharedSequence` shares its subscription and which scheduler it delivers on. Same as
/// RxCocoa's `SharingStrategyProtocol`.
public protocol SharingStrategyProtocol {
    /// The scheduler elements are delivered on (the main scheduler, unless `SharingScheduler.mock` is active).
    static var scheduler: SchedulerType { get }
    /// Shares `source` the way this strategy does.
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// Something that is, or wraps, a `SharedSequence`. Same as RxCocoa's `SharedSequenceConvertibleType`.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy (`DriverSharingStrategy`, `SignalSharingStrategy`).
    associatedtype SharingStrategy: SharingStrategyProtocol
    /// The sequence as a `SharedSequence`.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

/// A sequence that never errors, delivers on the main scheduler and shares one subscription among its
/// subscribers as its `SharingStrategy` says. `Driver` and `Signal` are `SharedSequence`s. Same as
/// RxCocoa's `SharedSequence`, without UIKit.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType, ObservableConvertibleType {
    @usableFromInline let source: Observable<Element>

    /// Wraps `source`, shared as `SharingStrategy` says. `source` must not error and must deliver on
    /// `SharingStrategy.scheduler`: the `asDriver`/`asSignal` conversions ensure both.
    @inlinable
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source` as it is (already shared, or a creation helper that needs no sharing).
    @inlinable
    init(raw: Observable<Element>) {
        self.source = raw
    }

    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }

    /// Returns `self`.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

extension SharedSequence: @unchecked Sendable {}

extension ObservableConvertibleType {
    /// The sequence as a `SharedSequence` of any sharing strategy (`Driver`'s, `Signal`'s or your own): it
    /// delivers on the strategy's scheduler, emits `onErrorJustReturn` and completes in place of an error,
    /// and is shared as the strategy says. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorJustReturn:)`.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorJustReturn: Element) -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// The sequence as a `SharedSequence` of `sharingStrategy` that continues with `onErrorDriveWith` in
    /// place of an error. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorDriveWith:)`.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorDriveWith: SharedSequence<Strategy, Element>)
        -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// The sequence as a `SharedSequence` of `sharingStrategy` that continues with what `onErrorRecover`
    /// returns for the error. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorRecover:)`.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorRecover: @escaping (Swift.Error) -> SharedSequence<Strategy, Element>)
        -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}

/// The scheduler `Driver` and `Signal` deliver on: `MainScheduler()` normally; a scheduler of your
/// choice inside `SharingScheduler.mock(scheduler:) { … }`. Same as RxCocoa's `SharingScheduler`.
///
/// RxCocoa swaps a global for the duration of `mock`; RxKit binds a task-local value instead, so tests
/// running in parallel each see their own scheduler (and code outside `mock` keeps the main scheduler).
/// The scheduler is read when an operator is built (`asDriver`, `debounce`, `Driver.just`, …), as in
/// RxCocoa, so build the sequences inside the `mock` closure.
public enum SharingScheduler {
    final class Factory: @unchecked Sendable {
        let make: () -> SchedulerType
        init(_ make: @escaping () -> SchedulerType) { self.make = make }
    }

    @TaskLocal static var mocked: Factory?

    /// Makes the scheduler that `Driver`/`Signal` operators built now deliver on. Same as RxCocoa's
    /// `SharingScheduler.make`.
    public static var make: () -> SchedulerType {
        if let mocked { return mocked.make }
        return { MainScheduler() }
    }

    /// Whether a `mock` is active for the caller.
    static var isMocked: Bool { mocked != nil }

    /// Runs `action` with `scheduler` as the sharing scheduler. Same as RxCocoa's `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with schedulers made by `makeScheduler`. Same as RxCocoa's `mock(makeScheduler:action:)`.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        try $mocked.withValue(Factory(makeScheduler)) { try action() }
    }

    /// Async variant of `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () async throws -> Void) async rethrows {
        try await mock(makeScheduler: { scheduler }, action: action)
    }

    /// Async variant of `mock(makeScheduler:action:)`: the schedulers made by `makeScheduler` stay in
    /// force across the suspension points of `action` (the value is task-local).
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () async throws -> Void) async rethrows {
        try await $mocked.withValue(Factory(makeScheduler)) { try await action() }
    }
}

// MARK: - Creation

extension SharedSequence {
    /// `element` delivered on the sharing scheduler, then completion. Same as RxCocoa's `just`.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }

    /// Completion, on the sharing scheduler. Same as RxCocoa's `empty`.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }

    /// Nothing, ever. Same as RxCocoa's `never`.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }

    /// A sequence made by `factory` for each subscription. Same as RxCocoa's `deferred`.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }

    /// `elements` on the sharing scheduler, then completion. Same as RxCocoa's `of`.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }

    /// `array`'s elements on the sharing scheduler, then completion. Same as RxCocoa's `from(_:)`.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// `sequence`'s elements on the sharing scheduler, then completion. Same as RxCocoa's `from(_:)`.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// The optional's value if any, then completion, on the sharing scheduler. Same as RxCocoa's `from(optional:)`.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional).subscribe(on: SharingStrategy.scheduler))
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// `0, 1, 2, …` every `period` on the sharing scheduler. Same as RxCocoa's `interval`.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// `0` after `dueTime`, then each `period` the next integer. Same as RxCocoa's `timer`.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}

extension SharedSequenceConvertibleType {
    /// The sequence as an `Infallible`. Same as RxCocoa's `asInfallible()`.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

/// Fails unless called on the main thread, except inside `SharingScheduler.mock` (where the mocked
/// scheduler stands in for the main one). RxCocoa's `drive`/`emit` make the same check.
/// The message is built only on failure (an interpolated string is two allocations per `drive`).
@usableFromInline
func ensureMainThreadUnlessMocked(_ method: String) {
    if MainQueueCheck.isOnMainQueue || SharingScheduler.isMocked { return }
    preconditionFailure("\(method) must be called from the main thread (or inside SharingScheduler.mock).")
}
