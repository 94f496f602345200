import CombineKit
import Foundation
import ReactiveBridgePrimitives
import RxKit

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
        let due = base.now.advanced(by: .nanoseconds(max(0, dueTime.nanosecondsValue)))
        base.schedule(after: due, tolerance: base.minimumTolerance, options: nil) { work.run() }
        return work
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        if case .never = startAfter { return Disposables.create() }
        let lock = Lock()
        var current = state
        let first = base.now.advanced(by: .nanoseconds(max(0, startAfter.nanosecondsValue)))
        let cancellable = base.schedule(after: first, interval: .nanoseconds(max(1, period.nanosecondsValue)),
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
