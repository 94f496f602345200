import Dispatch
import Foundation
import ReactiveBridgePrimitives

/// Runs work serially on a dispatch queue. Same as RxSwift's `SerialDispatchQueueScheduler`.
/// Work is always dispatched asynchronously, even from the queue itself.
public class SerialDispatchQueueScheduler: SchedulerType, @unchecked Sendable {
    /// A word for subclasses, read and written atomically through `InlineWord` (so it must stay the first
    /// stored property of this root class): `MainScheduler` counts its dispatched blocks in it, with no
    /// counter object of its own (a `Driver` makes a `MainScheduler` per conversion, as RxCocoa's does).
    private var spareWord = InlineWord.sentinel
    let configuration: DispatchQueueConfiguration
    /// Where sinks' actions wait for the queue (see `scheduleUncancellable(_:action:)`); `nil` in a
    /// `MainScheduler`, which has its own rule for running work and is made per `Driver` conversion.
    private var sinkActions: QueueHandOff<SerialDispatchQueueScheduler>?

    /// The current time.
    public var now: Date { Date() }

    init(serialQueue: DispatchQueue, leeway: DispatchTimeInterval = .nanoseconds(0), handsOffSinkActions: Bool = true) {
        configuration = DispatchQueueConfiguration(queue: serialQueue, leeway: leeway)
        InlineWord.initialize(self)
        if handsOffSinkActions { sinkActions = QueueHandOff(receiver: self) }
    }

    /// A scheduler on a new serial queue named `internalSerialQueueName`, configured by the closure.
    public convenience init(internalSerialQueueName: String, serialQueueConfiguration: ((DispatchQueue) -> Void)? = nil, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let queue = DispatchQueue(label: internalSerialQueueName, attributes: [])
        serialQueueConfiguration?(queue)
        self.init(serialQueue: queue, leeway: leeway)
    }

    /// A scheduler on a new serial queue that targets `queue` (so work is serial even if `queue` is concurrent).
    public convenience init(queue: DispatchQueue, internalSerialQueueName: String, leeway: DispatchTimeInterval = .nanoseconds(0)) {
        let serial = DispatchQueue(label: internalSerialQueueName, attributes: [], target: queue)
        self.init(serialQueue: serial, leeway: leeway)
    }

    /// A scheduler on a new serial queue targeting the global queue of the given quality of service.
    public convenience init(qos: DispatchQoS, internalSerialQueueName: String = "rxkit.queue.serial", leeway: DispatchTimeInterval = .nanoseconds(0)) {
        self.init(queue: DispatchQueue.global(qos: qos.qosClass), internalSerialQueueName: internalSerialQueueName, leeway: leeway)
    }

    public final func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleInternal(state, action: action)
    }

    func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.schedule(state, action: action)
    }

    /// Runs `work` as `schedule` would (on the queue, or inline where `schedule` would run it inline), with
    /// no `Disposable` to cancel it: for a caller that checks its own disposal when the work runs
    /// (`observe(on:)`'s sink). The closure is the block the queue runs (see `asyncUnchecked`): the
    /// dispatch queue's own allocations are the only ones per call.
    func scheduleUncancellable(_ work: @escaping @convention(block) () -> Void) {
        configuration.queue.asyncUnchecked(work)
    }

    /// Sends the item of a `QueueHandOff` whose receiver calls `handOffItemRan()` once it has handled the
    /// item's value, for a caller that has just been told by `runInlineIfScheduleWould` that the work would
    /// not run inline: sends it to the queue without asking again (as RxSwift's `scheduleInternal` decides
    /// once per call). For `observe(on:)`'s per-element hop (its sink, or a Driver's conversion), which has
    /// a single sender, so its items need no lock held across `async` to keep their order. The same as
    /// `scheduleUncancellable(_:)` here; `MainScheduler` counts the item as dispatched.
    func dispatchHandOffItem(_ item: @escaping @convention(block) () -> Void) {
        configuration.queue.asyncUnchecked(item)
    }

    /// A receiver has handled the value of an item sent with `dispatchHandOffItem(_:)`. Nothing here;
    /// `MainScheduler` counts the item as run.
    func handOffItemRan() {}

    /// Runs `sink.runScheduledAction(action)` on the queue, as `scheduleUncancellable(_:)` would run a block
    /// doing that, but with no block made per call: the sink and the action wait in the scheduler's
    /// hand-off, and the queue runs the hand-off's one block (see `QueueHandOff`), so the dispatch queue's
    /// own allocations are the only ones. Safe from several threads at once; each caller's actions keep
    /// their order among its other work on the queue. The sink is kept alive until its action has run.
    func scheduleUncancellable(_ sink: SinkBase, action: Int) {
        sinkActions.unsafelyUnwrapped.send(ScheduledSinkAction(sink: sink, action: action), to: configuration.queue)
    }

    /// Runs `work` at once and returns true if `schedule` would run it inline right now (as `schedule`
    /// would, bracketed the same way); otherwise runs nothing and returns false, and the caller schedules.
    /// For `observe(on:)`'s per-element path: a non-escaping closure, where `schedule` needs an escaping
    /// one and a state value (a tuple whose generic metadata is looked up at run time per element).
    /// A dispatch-queue scheduler never runs work inline; `MainScheduler` does on the main queue.
    func runInlineIfScheduleWould(_ work: () -> Void) -> Bool {
        false
    }

    public final func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        configuration.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        configuration.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}

/// A sink's action waiting in a scheduler's hand-off (see `SerialDispatchQueueScheduler.scheduleUncancellable(_:action:)`).
@usableFromInline
package struct ScheduledSinkAction {
    let sink: SinkBase
    let action: Int
}

extension SerialDispatchQueueScheduler: QueueHandOffReceiver {
    /// A sink's action, on the queue.
    @usableFromInline
    package func receiveHandedOff(_ scheduled: ScheduledSinkAction) {
        scheduled.sink.runScheduledAction(scheduled.action)
    }
}

/// `scheduler` as a `SerialDispatchQueueScheduler` (`MainScheduler` included; neither can be subclassed
/// outside RxKit), or `nil`: two metatype comparisons on the opened existential, where `as?` is a full
/// dynamic cast (several hundred instructions per subscription of `observe(on:)` or `subscribe(on:)`).
func serialDispatchQueueScheduler<Scheduler: ImmediateSchedulerType>(_ scheduler: Scheduler) -> SerialDispatchQueueScheduler? {
    guard Scheduler.self == SerialDispatchQueueScheduler.self || Scheduler.self == MainScheduler.self else { return nil }
    // The metatype check above makes the value the reference it is: read as one (`as AnyObject` would be a
    // run-time conversion; `unsafeBitCast` draws a warning for a generic source).
    return withUnsafePointer(to: scheduler) { UnsafeRawPointer($0).load(as: SerialDispatchQueueScheduler.self) }
}
