import Foundation
import ReactiveBridgePrimitives

extension OperationQueue: Scheduler {
    /// The scheduler time type used by the operation queue (a date, as for `RunLoop`).
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType

    /// Options that affect the operation of the operation queue scheduler (none).
    public struct SchedulerOptions: Sendable {}

    public var now: SchedulerTimeType { SchedulerTimeType(Date()) }
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let box = UncheckedSendable(action)
        addOperation { box.value() }
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
