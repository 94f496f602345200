import Foundation
import RxKit

/// Converts `TestScheduler`'s integer ticks to time: one tick is `resolution` seconds.
/// Same as RxTest's `TestSchedulerVirtualTimeConverter`.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    public typealias VirtualTimeUnit = Int
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        precondition(resolution > 0, "TestScheduler's resolution must be a positive number of seconds per tick (got \(resolution)).")
        self.resolution = resolution
    }

    public func convertFromVirtualTime(_ virtualTime: Int) -> RxTime {
        Date(timeIntervalSince1970: Double(virtualTime) * resolution)
    }

    public func convertToVirtualTime(_ time: RxTime) -> Int {
        Int((time.timeIntervalSince1970 / resolution).rounded())
    }

    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: Int) -> TimeInterval {
        Double(virtualTimeInterval) * resolution
    }

    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> Int {
        if timeInterval.isInfinite { return Int.max / 2 }
        return Int((timeInterval / resolution).rounded())
    }

    public func offsetVirtualTime(_ time: Int, offset: Int) -> Int {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        return overflow ? Int.max : sum
    }

    public func compareVirtualTime(_ lhs: Int, _ rhs: Int) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : (lhs == rhs ? .equal : .greaterThan)
    }
}
