extension Subscribers {
    /// A requested number of items, sent to a publisher from a subscriber through its subscription.
    ///
    /// `.unlimited` saturates (adding to or subtracting from it leaves it unlimited), arithmetic that
    /// would go below zero clamps to `.none`, and arithmetic that overflows `Int` becomes `.unlimited`.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible, Sendable {
        @usableFromInline internal let rawValue: UInt

        @inlinable internal init(rawValue: UInt) {
            self.rawValue = Swift.min(UInt(Int.max) + 1, rawValue)
        }

        /// A request for as many values as the publisher can produce. (Combine declares it `static let`;
        /// a computed, inlinable constant reads the same and costs no call to a global's addressor per
        /// use, which a subscriber's `receive(_:)` returning `.none` would pay per value.)
        @inlinable public static var unlimited: Demand { Demand(rawValue: .max) }

        /// A request for no elements from the publisher. Passing it to `request(_:)` is a
        /// precondition failure. (Computed, as `unlimited`.)
        @inlinable public static var none: Demand { Demand(rawValue: 0) }

        /// Creates a demand for the given maximum number of elements (which must not be negative).
        @inlinable public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "Subscribers.Demand.max(\(value)): demand must not be negative")
            return Demand(rawValue: UInt(value))
        }

        /// The number of requested values, or `nil` when the demand is unlimited.
        @inlinable public var max: Int? {
            rawValue > UInt(Int.max) ? nil : Int(rawValue)
        }

        public var description: String {
            self == .unlimited ? "unlimited" : "max(\(rawValue))"
        }

        // MARK: Arithmetic

        /// Adds two demands; `.unlimited` absorbs, overflow becomes `.unlimited`.
        @inlinable public static func + (lhs: Demand, rhs: Demand) -> Demand {
            switch (lhs.max, rhs.max) {
            case let (l?, r?):
                let (sum, overflow) = l.addingReportingOverflow(r)
                return overflow ? .unlimited : .max(sum)
            default:
                return .unlimited
            }
        }

        /// Adds a number of elements; a negative result clamps to `.none`.
        @inlinable public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(rhs)
            if overflow { return rhs > 0 ? .unlimited : .none }
            return sum < 0 ? .none : .max(sum)
        }

        /// Subtracts demands; `.unlimited` minus anything stays `.unlimited`, anything else minus
        /// `.unlimited` is `.none`, and results below zero clamp to `.none`.
        @inlinable public static func - (lhs: Demand, rhs: Demand) -> Demand {
            switch (lhs.max, rhs.max) {
            case (nil, _): return .unlimited
            case (_?, nil): return .none
            case let (l?, r?): return l > r ? .max(l - r) : .none
            }
        }

        /// Subtracts a number of elements; results below zero, and results that overflow (as Combine's,
        /// `.max(Int.max) - (-1)`), are `.none`.
        @inlinable public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (difference, overflow) = l.subtractingReportingOverflow(rhs)
            return overflow || difference < 0 ? .none : .max(difference)
        }

        /// Multiplies a demand; `.unlimited` stays `.unlimited`, overflow becomes `.unlimited`.
        @inlinable public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (product, overflow) = l.multipliedReportingOverflow(by: rhs)
            if overflow { return (rhs < 0) == (l < 0) ? .unlimited : .none }
            return product < 0 ? .none : .max(product)
        }

        @inlinable public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
        @inlinable public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        @inlinable public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
        @inlinable public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }
        @inlinable public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        // MARK: Comparisons (`.unlimited` is greater than every number)

        @inlinable public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
        @inlinable public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
        @inlinable public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
        @inlinable public static func > (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs > $0 } ?? false }
        @inlinable public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs >= $0 } ?? false }
        @inlinable public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
        @inlinable public static func < (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs < $0 } ?? true }
        @inlinable public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
        @inlinable public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs <= $0 } ?? true }
        @inlinable public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
        @inlinable public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
        @inlinable public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }
        @inlinable public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }

        // MARK: Codable

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            self.init(rawValue: try container.decode(UInt.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}

extension Subscribers.Demand {
    /// Traps unless the demand is positive: Combine treats `request(.none)` as a programming error.
    @inline(__always)
    internal func assertNonZero(_ file: StaticString = #file, _ line: UInt = #line) {
        precondition(rawValue > 0,
                     "request(_:): demand must be greater than zero; to request nothing, don't call request(_:) "
                        + "(flatMap(maxPublishers: .none) asks its upstream for .none: give it .max(1) or more)",
                     file: file, line: line)
    }
}
