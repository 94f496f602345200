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
