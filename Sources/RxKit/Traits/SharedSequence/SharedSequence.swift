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
    /// What the sequence is: an observable, or (`nil` then) the share a Driver's or Signal's conversion or
    /// operator made (`stage`), which the next operator's stage and `drive`/`emit` subscribe to directly.
    /// Exactly one is set.
    @usableFromInline let source: Observable<Element>?
    @usableFromInline let stage: SharedStage<Element>?

    /// Wraps `source`, shared as `SharingStrategy` says. `source` must not error and must deliver on
    /// `SharingStrategy.scheduler`: the `asDriver`/`asSignal` conversions ensure both.
    @inlinable
    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
        stage = nil
    }

    /// Wraps `source` as it is (already shared, or a creation helper that needs no sharing).
    @inlinable
    init(raw: Observable<Element>) {
        self.source = raw
        stage = nil
    }

    /// Wraps the share `stage`.
    @inlinable
    init(stage: SharedStage<Element>) {
        source = nil
        self.stage = stage
    }

    /// What a stage observing this sequence observes, and what kind of thing that is (see `StageBase`).
    @inlinable
    var stageUpstream: (object: AnyObject, kind: StageUpstreamKind) {
        if let stage { return (stage, .stage) }
        return (source.unsafelyUnwrapped, .observable)
    }

    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> {
        if let source { return source }
        return SharedStageObservable(stage.unsafelyUnwrapped)
    }

    /// Returns `self`.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> { self }
}

extension SharedSequence: @unchecked Sendable {}

extension SharedSequence {
    /// `asObservable().subscribe(onNext:onCompleted:onDisposed:)` for `drive` and `emit`: a stage is
    /// subscribed to directly, without the `Observable` that `asObservable()` would make for it. (The
    /// sequence never errors, so there is no `onError`.)
    @inlinable
    func subscribeClosures(onNext: ((Element) -> Void)?, onCompleted: (() -> Void)?, onDisposed: (() -> Void)?) -> Disposable {
        if let source {
            return source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
        }
        let subscription = ClosureSubscriptionToHub(onDisposed: onDisposed)
        let observer = SubscribeObserver<Element>(subscription: subscription, onNext: onNext, onError: nil, onCompleted: onCompleted)
        stage.unsafelyUnwrapped.subscribe(observer, attachingTo: subscription)
        return subscription
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

/// For the sharing strategies RxKit defines, how they share (`share(replay: 1 or 0, scope:
/// .whileConnected)`: whether the share replays its latest element); `nil` for any other strategy, whose
/// `share(_:)` is the only thing known about it. Folded to a constant in specialised code.
@inlinable @inline(__always)
func sharesWhileConnected<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> Bool? {
    if strategy == DriverSharingStrategy.self { return true }
    if strategy == SignalSharingStrategy.self { return false }
    return nil
}
