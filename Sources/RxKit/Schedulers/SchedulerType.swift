import Dispatch
import Foundation
import ReactiveBridgePrimitives

/// Time as RxKit schedulers see it. Same as RxSwift's `RxTime`.
public typealias RxTime = Date
/// A time interval for schedulers and time-based operators. Same as RxSwift's `RxTimeInterval`.
public typealias RxTimeInterval = DispatchTimeInterval

/// A scheduler that can run work "now". Same as RxSwift's `ImmediateSchedulerType`.
public protocol ImmediateSchedulerType {
    /// Schedules `action(state)` to run as soon as possible; disposing the result cancels it if it
    /// has not started.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable
}

/// A scheduler that knows the time and can run work later. Same as RxSwift's `SchedulerType`.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action(state)` to run after `dueTime`.
    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable

    /// Schedules `action` to run after `startAfter` and then every `period`, threading its state through.
    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable
}

extension SchedulerType {
    /// Default periodic scheduling built from `scheduleRelative`: each tick schedules the next one.
    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        let periodic = PeriodicTicker(scheduler: self, period: period, state: state, action: action)
        return periodic.start(after: startAfter)
    }

    /// Schedules `action` after `dueTime`; `action` may call `recurse(nextState, nextDueTime)` to run again.
    func scheduleRecursive<State>(_ state: State, dueTime: RxTimeInterval, action: @escaping (State, (State, RxTimeInterval) -> Void) -> Void) -> Disposable {
        let recursion = TimedRecursion(scheduler: self, action: action)
        recursion.schedule(state, dueTime: dueTime)
        return recursion
    }
}

extension ImmediateSchedulerType {
    /// Schedules `action`; it may call `recurse(nextState)` to schedule itself again. Disposing the
    /// result cancels every pending run. Same as RxSwift's `scheduleRecursive`.
    public func scheduleRecursive<State>(_ state: State, action: @escaping (_ state: State, _ recurse: (State) -> Void) -> Void) -> Disposable {
        let recursion = ImmediateRecursion(scheduler: self, action: action)
        recursion.schedule(state)
        return recursion
    }
}

/// Tracks the pending runs of a recursive schedule so that disposing it cancels them all.
private class RecursionBase: Disposable, @unchecked Sendable {
    private let lock = Lock()
    private var pending: [UInt64: Disposable] = [:]
    private var nextKey: UInt64 = 0
    private var disposed = false

    /// Reserves a key for a run about to be scheduled, or `nil` if disposed.
    final func reserve() -> UInt64? {
        lock.withLock {
            if disposed { return nil }
            nextKey += 1
            return nextKey
        }
    }

    /// Stores the scheduled run's disposable unless it already ran (`finished`) or we are disposed.
    final func store(_ key: UInt64, _ disposable: Disposable, finished: OnceFlag) {
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        if !finished.isSet { pending[key] = disposable }
        lock.unlock()
    }

    final func finish(_ key: UInt64) {
        lock.withLock { _ = pending.removeValue(forKey: key) }
    }

    final var isDisposed: Bool { lock.withLock { disposed } }

    func dispose() {
        lock.lock()
        disposed = true
        let taken = pending
        pending = [:]
        lock.unlock()
        taken.values.forEach { $0.dispose() }
    }
}

private final class ImmediateRecursion<State>: RecursionBase, @unchecked Sendable {
    private let scheduler: ImmediateSchedulerType
    private let action: (State, (State) -> Void) -> Void

    init(scheduler: ImmediateSchedulerType, action: @escaping (State, (State) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    func schedule(_ state: State) {
        guard let key = reserve() else { return }
        let finished = OnceFlag()
        let disposable = scheduler.schedule(state) { [self] state in
            finished.set()
            finish(key)
            if !isDisposed { action(state, schedule) }
            return Disposables.create()
        }
        store(key, disposable, finished: finished)
    }
}

private final class TimedRecursion<State, Scheduler: SchedulerType>: RecursionBase, @unchecked Sendable {
    private let scheduler: Scheduler
    private let action: (State, (State, RxTimeInterval) -> Void) -> Void

    init(scheduler: Scheduler, action: @escaping (State, (State, RxTimeInterval) -> Void) -> Void) {
        self.scheduler = scheduler
        self.action = action
    }

    func schedule(_ state: State, dueTime: RxTimeInterval) {
        guard let key = reserve() else { return }
        let finished = OnceFlag()
        let disposable = scheduler.scheduleRelative(state, dueTime: dueTime) { [self] state in
            finished.set()
            finish(key)
            if !isDisposed { action(state, schedule) }
            return Disposables.create()
        }
        store(key, disposable, finished: finished)
    }
}

/// Periodic scheduling on top of `scheduleRelative`, for schedulers without a native timer.
private final class PeriodicTicker<State, Scheduler: SchedulerType>: @unchecked Sendable {
    private let scheduler: Scheduler
    private let period: RxTimeInterval
    private var state: State
    private let action: (State) -> State

    init(scheduler: Scheduler, period: RxTimeInterval, state: State, action: @escaping (State) -> State) {
        self.scheduler = scheduler
        self.period = period
        self.state = state
        self.action = action
    }

    func start(after startAfter: RxTimeInterval) -> Disposable {
        scheduler.scheduleRecursive((), dueTime: startAfter) { [self] _, recurse in
            state = action(state)
            recurse((), period)
        }
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds (`.never` is infinite).
    var secondsValue: TimeInterval {
        switch self {
        case .seconds(let value): return TimeInterval(value)
        case .milliseconds(let value): return TimeInterval(value) / 1_000
        case .microseconds(let value): return TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in nanoseconds, saturating (`.never` is `Int.max`). The bridge's scheduler adapter uses it too.
    package var nanosecondsValue: Int {
        switch self {
        case .seconds(let value): return value.multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : value * 1_000_000_000
        case .milliseconds(let value): return value.multipliedReportingOverflow(by: 1_000_000).overflow ? .max : value * 1_000_000
        case .microseconds(let value): return value.multipliedReportingOverflow(by: 1_000).overflow ? .max : value * 1_000
        case .nanoseconds(let value): return value
        case .never: return .max
        @unknown default: return .max
        }
    }

    /// Whether the interval is zero or negative.
    var isNonPositive: Bool { nanosecondsValue <= 0 }
}
