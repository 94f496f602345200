import CombineKit
import Foundation
import RxKit

extension SchedulerType {
    /// This RxKit scheduler as a CombineKit `Scheduler`, so one clock can drive a mixed pipeline
    /// (e.g. RxKitTest's `TestScheduler` behind `receive(on:)` or `debounce(for:scheduler:)`), and so that
    /// Combine-style code can use `MainScheduler.instance`'s semantics: run inline when already on the
    /// main queue, where `receive(on: DispatchQueue.main)` always hops.
    ///
    /// ```swift
    /// publisher.receive(on: MainScheduler.instance.asCombineScheduler())
    /// ```
    public func asCombineScheduler() -> RxSchedulerAdapter {
        RxSchedulerAdapter(self)
    }
}

/// An RxKit `SchedulerType` seen as a CombineKit `Scheduler`. Time is the Rx scheduler's `now` (a `Date`).
///
/// ```swift
/// publisher.debounce(for: .milliseconds(300), scheduler: rxTestScheduler.asCombineScheduler())
/// ```
public struct RxSchedulerAdapter: Scheduler, @unchecked Sendable {
    /// An instant: the Rx scheduler's `Date`.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable {
        /// The instant as a `Date`.
        public let date: Date

        /// Wraps `date`.
        public init(_ date: Date) { self.date = date }

        public func distance(to other: SchedulerTimeType) -> Stride {
            Stride(seconds: other.date.timeIntervalSince(date))
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(n.seconds))
        }

        /// An interval in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Sendable {
            /// The interval in seconds.
            public var seconds: TimeInterval

            /// An interval of `seconds`.
            public init(seconds: TimeInterval) { self.seconds = seconds }
            public init(integerLiteral value: Int) { seconds = TimeInterval(value) }
            public init(floatLiteral value: Double) { seconds = value }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = TimeInterval(exactly: source) else { return nil }
                seconds = value
            }

            public var magnitude: TimeInterval { abs(seconds) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.seconds < rhs.seconds }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.seconds + rhs.seconds) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.seconds - rhs.seconds) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(seconds: lhs.seconds * rhs.seconds) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs.seconds += rhs.seconds }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs.seconds -= rhs.seconds }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs.seconds *= rhs.seconds }

            public static func seconds(_ s: Int) -> Stride { Stride(seconds: TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(seconds: s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(seconds: TimeInterval(ms) / 1_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(seconds: TimeInterval(us) / 1_000_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(seconds: TimeInterval(ns) / 1_000_000_000) }
        }
    }

    /// No options.
    public typealias SchedulerOptions = Never

    private let base: SchedulerType

    /// Wraps an RxKit scheduler.
    public init(_ base: SchedulerType) {
        self.base = base
    }

    public var now: SchedulerTimeType { SchedulerTimeType(base.now) }

    public var minimumTolerance: SchedulerTimeType.Stride { .zero }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        _ = base.schedule(()) { _ in
            action()
            return Disposables.create()
        }
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        _ = base.scheduleRelative((), dueTime: Self.interval(now.distance(to: date))) { _ in
            action()
            return Disposables.create()
        }
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) -> Cancellable {
        let periodic = base.schedulePeriodic((), startAfter: Self.interval(now.distance(to: date)), period: Self.interval(interval)) { _ in
            action()
        }
        return AnyCancellable { periodic.dispose() }
    }

    /// Converts a stride to an Rx interval, clamping the past to "now".
    static func interval(_ stride: SchedulerTimeType.Stride) -> RxTimeInterval {
        let nanoseconds = (stride.seconds * 1_000_000_000).rounded()
        if nanoseconds <= 0 { return .nanoseconds(0) }
        if nanoseconds >= Double(Int.max) { return .never }
        return .nanoseconds(Int(nanoseconds))
    }
}
