import Foundation
import ReactiveBridgePrimitives

extension RunLoop: Scheduler {
    /// The scheduler time type used by the run loop.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes a run loop scheduler time with the given date.
        public init(_ date: Date) {
            self.date = date
        }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(other.date.timeIntervalSince(date))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.timeInterval))
        }

        /// A type that represents the distance between two values, in seconds.
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Codable, Hashable, SchedulerTimeIntervalConvertible, Sendable {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The value of this time interval in seconds.
            public var magnitude: TimeInterval
            /// The value of this time interval in seconds.
            public var timeInterval: TimeInterval { magnitude }

            public init(integerLiteral value: TimeInterval) { magnitude = value }
            public init(floatLiteral value: TimeInterval) { magnitude = value }
            /// Creates a stride from a number of seconds.
            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                magnitude = value
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1_000_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1_000_000_000) }
        }
    }

    /// Options that affect the operation of the run loop scheduler (none).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        let timer = Timer(timeInterval: 0, repeats: false) { _ in box.value() }
        add(timer, forMode: .default)
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        let timer = Timer(fire: date.date, interval: 0, repeats: false) { _ in box.value() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        let box = UncheckedSendable(action)
        let timer = Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in box.value() }
        timer.tolerance = tolerance.timeInterval
        add(timer, forMode: .default)
        let timerBox = UncheckedSendable(timer)
        return AnyCancellable { timerBox.value.invalidate() }
    }
}
