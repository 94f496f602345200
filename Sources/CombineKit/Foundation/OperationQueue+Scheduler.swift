import Foundation
import ReactiveBridgePrimitives

extension OperationQueue: Scheduler {
    /// The scheduler time type used by the operation queue: a date. Its own type, as in Combine (the same
    /// form as `RunLoop.SchedulerTimeType`, but not the same type).
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        /// The date represented by this type.
        public var date: Date

        /// Initializes an operation queue scheduler time with the given date.
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

            public init(integerLiteral value: TimeInterval) { self.init(value) }
            public init(floatLiteral value: TimeInterval) { self.init(value) }
            /// Creates a stride from a number of seconds.
            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = RunLoop.SchedulerTimeType.Stride(exactly: source) else { return nil }
                self.init(seconds.magnitude)
            }

            // The arithmetic is RunLoop's stride's: seconds as a `TimeInterval`.
            private var runLoopStride: RunLoop.SchedulerTimeType.Stride { .init(magnitude) }
            private init(seconds stride: RunLoop.SchedulerTimeType.Stride) { self.init(stride.magnitude) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.runLoopStride + rhs.runLoopStride) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.runLoopStride - rhs.runLoopStride) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.runLoopStride * rhs.runLoopStride) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(seconds: RunLoop.SchedulerTimeType.Stride.seconds(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(seconds: RunLoop.SchedulerTimeType.Stride.seconds(s)) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(seconds: RunLoop.SchedulerTimeType.Stride.milliseconds(ms)) }
            public static func microseconds(_ us: Int) -> Stride { Stride(seconds: RunLoop.SchedulerTimeType.Stride.microseconds(us)) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(seconds: RunLoop.SchedulerTimeType.Stride.nanoseconds(ns)) }
        }
    }

    /// Options that affect the operation of the operation queue scheduler (none).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// Adds the action to the queue as one `BlockOperation` (as Combine's scheduler does: one `addOperation(_:)`).
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        addOperation(BlockOperation { box.value() })
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable((self, action))
        let delay = Swift.max(0, date.date.timeIntervalSinceNow)
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            box.value.0.addOperation { box.value.1() }
        }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        let box = UncheckedSendable((self, action))
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { box.value.0.addOperation { box.value.1() } }
        let delay = Swift.max(0, date.date.timeIntervalSinceNow)
        timer.schedule(deadline: .now() + delay, repeating: Swift.max(0.000_001, interval.timeInterval))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
