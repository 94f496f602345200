import Foundation

/// Converts between `Date` virtual time and real time one to one. Same as RxSwift's
/// `HistoricalSchedulerTimeConverter`.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType, Sendable {
    public typealias VirtualTimeUnit = RxTime
    public typealias VirtualTimeIntervalUnit = TimeInterval

    public init() {}

    public func convertFromVirtualTime(_ virtualTime: RxTime) -> RxTime { virtualTime }
    public func convertToVirtualTime(_ time: RxTime) -> RxTime { time }
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: TimeInterval) -> TimeInterval { virtualTimeInterval }
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> TimeInterval { timeInterval }
    public func offsetVirtualTime(_ time: RxTime, offset: TimeInterval) -> RxTime { time.addingTimeInterval(offset) }
    public func compareVirtualTime(_ lhs: RxTime, _ rhs: RxTime) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}

/// A virtual-time scheduler whose clock is a `Date`, for replaying historical data.
/// Same as RxSwift's `HistoricalScheduler`.
public final class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter>, @unchecked Sendable {
    /// A scheduler starting at `initialClock` (the 1970 epoch by default).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
