import ReactiveBridgePrimitives
import CombineKit
import Foundation
import RxKit

// MARK: - RxKit scheduler as a CombineKit scheduler

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

// MARK: - CombineKit scheduler as an RxKit scheduler

extension CombineKit.Scheduler {
    /// This CombineKit scheduler as an RxKit `SchedulerType`, so Rx operators can run on it (e.g. on
    /// CombineKitTest's `CombineTestScheduler`, to drive a mixed pipeline from one virtual clock).
    ///
    /// Its `now` is a `Date` that advances exactly as this scheduler's clock does (anchored at the
    /// moment the adapter is created). Scheduled work that is disposed before it is due does not run.
    ///
    /// ```swift
    /// observable.throttle(.milliseconds(500), scheduler: combineTestScheduler.asRxScheduler())
    /// ```
    public func asRxScheduler() -> CombineSchedulerAdapter<Self> {
        CombineSchedulerAdapter(self)
    }
}

/// A CombineKit `Scheduler` seen as an RxKit `SchedulerType`.
///
/// ```swift
/// let rxScheduler: SchedulerType = DispatchQueue.main.asRxScheduler()
/// ```
public final class CombineSchedulerAdapter<Base: CombineKit.Scheduler>: SchedulerType, @unchecked Sendable {
    private let base: Base
    private let anchorTime: Base.SchedulerTimeType
    private let anchorDate: Date

    /// Wraps a CombineKit scheduler.
    public init(_ base: Base) {
        self.base = base
        self.anchorTime = base.now
        self.anchorDate = Date(timeIntervalSince1970: 0)
    }

    public var now: RxTime {
        anchorDate.addingTimeInterval(Self.seconds(in: anchorTime.distance(to: base.now)))
    }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let work = ScheduledWork(state: state, action: action)
        base.schedule(options: nil) { work.run() }
        return work
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        if case .never = dueTime { return Disposables.create() }
        let work = ScheduledWork(state: state, action: action)
        let due = base.now.advanced(by: .nanoseconds(max(0, dueTime.nanosecondsForBridge)))
        base.schedule(after: due, tolerance: base.minimumTolerance, options: nil) { work.run() }
        return work
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        if case .never = startAfter { return Disposables.create() }
        let lock = Lock()
        var current = state
        let first = base.now.advanced(by: .nanoseconds(max(0, startAfter.nanosecondsForBridge)))
        let cancellable = base.schedule(after: first, interval: .nanoseconds(max(1, period.nanosecondsForBridge)),
                                        tolerance: base.minimumTolerance, options: nil) {
            let state = lock.withLock { current }
            let next = action(state)
            lock.withLock { current = next }
        }
        return Disposables.create { cancellable.cancel() }
    }

    /// The number of seconds in a stride of any scheduler, found by comparison alone (a stride type only
    /// promises `Comparable` and the `.nanoseconds(_:)` constructor), by binary search on nanoseconds.
    static func seconds(in stride: Base.SchedulerTimeType.Stride) -> TimeInterval {
        typealias Stride = Base.SchedulerTimeType.Stride
        let zero = Stride.nanoseconds(0)
        let negative = stride < zero
        let target = negative ? zero - stride : stride
        var low = 0, high = 1
        while Stride.nanoseconds(high) <= target {
            if high > Int.max / 4 { return negative ? -.infinity : .infinity }
            low = high
            high *= 2
        }
        // Invariant: nanoseconds(low) <= target < nanoseconds(high)
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if Stride.nanoseconds(middle) <= target { low = middle } else { high = middle }
        }
        let seconds = TimeInterval(low) / 1_000_000_000
        return negative ? -seconds : seconds
    }
}

/// Work handed to a CombineKit scheduler on behalf of an Rx caller; disposing it before it runs skips it.
private final class ScheduledWork<State>: Cancelable, @unchecked Sendable {
    private let lock = Lock()
    private var pending: (state: State, action: (State) -> Disposable)?
    private var result: Disposable?
    private var disposed = false

    init(state: State, action: @escaping (State) -> Disposable) {
        pending = (state, action)
    }

    var isDisposed: Bool { lock.withLock { disposed } }

    func run() {
        guard let work = lock.withLock({ () -> (state: State, action: (State) -> Disposable)? in
            defer { pending = nil }
            return disposed ? nil : pending
        }) else { return }
        let disposable = work.action(work.state)
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        result = disposable
        lock.unlock()
    }

    func dispose() {
        lock.lock()
        disposed = true
        pending = nil
        let result = self.result
        self.result = nil
        lock.unlock()
        result?.dispose()
    }
}

extension DispatchTimeInterval {
    /// The interval in nanoseconds, saturating (`.never` is `Int.max`).
    var nanosecondsForBridge: Int {
        switch self {
        case .seconds(let value): return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return .max
        @unknown default: return .max
        }
    }
}
