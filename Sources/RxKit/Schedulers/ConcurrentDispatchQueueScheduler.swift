import Dispatch
import Foundation

/// Runs work on a (possibly concurrent) dispatch queue. Same as RxSwift's `ConcurrentDispatchQueueScheduler`.
/// Operators still never call one observer concurrently.
public class ConcurrentDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    let configuration: DispatchQueueConfiguration

    /// The current time.
    public var now: Date { Date() }

    /// The queue the work runs on.
    public var queue: DispatchQueue { configuration.queue }

    /// A scheduler on `queue`.
    public init(queue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        configuration = DispatchQueueConfiguration(queue: queue, leeway: leeway)
    }

    /// A scheduler on the global queue of the given quality of service.
    public convenience init(qos: DispatchQoS, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), leeway: leeway)
    }

    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    public final func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
