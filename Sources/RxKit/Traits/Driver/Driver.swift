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
