import Foundation
import ReactiveBridgePrimitives

/// How a `VirtualTimeScheduler` converts between its virtual clock and real time.
/// Same as RxSwift's `VirtualTimeConverterType`.
public protocol VirtualTimeConverterType {
    /// The virtual time type (e.g. `Int` ticks).
    associatedtype VirtualTimeUnit
    /// The virtual time interval type.
    associatedtype VirtualTimeIntervalUnit

    /// Converts virtual time to real time.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// Converts real time to virtual time.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// Converts a virtual interval to seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// Converts seconds to a virtual interval.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// Adds an interval to a time.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// Orders two times.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left time is earlier.
    case lessThan
    /// Both times are the same.
    case equal
    /// The left time is later.
    case greaterThan
}

/// A scheduler whose clock only moves when told to: `start()` runs everything scheduled, in time order,
/// jumping the clock to each item's time; `advanceTo(_:)` runs what is due up to a time. Work due at the
/// same time runs in the order it was scheduled. Same as RxSwift's `VirtualTimeScheduler`.
///
/// Not thread-safe: drive it from one thread (tests do).
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    /// The virtual time type.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// The virtual interval type.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private var running = false
    private var currentClock: VirtualTime
    private var items: [VirtualSchedulerItem<VirtualTime>] = []
    private var nextSequence: UInt64 = 0
    private let converter: Converter

    /// The current virtual time.
    public var clock: VirtualTime { currentClock }

    /// The current virtual time as a `Date`.
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// Whether `start()` is running.
    public var isEnabled: Bool { running }

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.currentClock = initialClock
        self.converter = converter
    }

    /// Schedules `action` at the current virtual time (after the processing delay, if any).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` after `dueTime`, converted to virtual time.
    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        let interval = converter.convertToVirtualTimeInterval(dueTime.secondsValue)
        return scheduleRelativeVirtual(state, dueTime: interval, action: action)
    }

    /// Schedules `action` after a virtual interval.
    public func scheduleRelativeVirtual<StateType>(_ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleAbsoluteVirtual(state, time: converter.offsetVirtualTime(clock, offset: dueTime), action: action)
    }

    /// Schedules `action` at a virtual time (adjusted by `adjustScheduledTime(_:)`).
    public func scheduleAbsoluteVirtual<StateType>(_ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable) -> Disposable {
        let adjusted = adjustScheduledTime(time)
        nextSequence += 1
        let item = VirtualSchedulerItem(time: adjusted, sequence: nextSequence) { action(state) }
        insert(item)
        return item
    }

    /// Lets subclasses move a scheduled time (RxKitTest's `TestScheduler` adds a processing delay).
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs scheduled work in time order until none is left or `stop()` is called.
    public func start() {
        guard !running else { return }
        running = true
        while running, let item = popNext() {
            if converter.compareVirtualTime(item.time, currentClock) == .greaterThan {
                currentClock = item.time
            }
            item.invoke()
        }
        running = false
    }

    /// Runs work due up to `virtualTime`, then sets the clock to it.
    public func advanceTo(_ virtualTime: VirtualTime) {
        precondition(!running, "VirtualTimeScheduler.advanceTo(_:) was called while the scheduler is running; call it from outside start().")
        precondition(converter.compareVirtualTime(virtualTime, currentClock) != .lessThan,
                     "VirtualTimeScheduler.advanceTo(_:) cannot move the clock backwards (now \(currentClock), asked for \(virtualTime)).")
        running = true
        while running, let next = peekNext(), converter.compareVirtualTime(next.time, virtualTime) != .greaterThan {
            _ = popNext()
            if converter.compareVirtualTime(next.time, currentClock) == .greaterThan {
                currentClock = next.time
            }
            next.invoke()
        }
        running = false
        currentClock = virtualTime
    }

    /// Moves the clock forward without running anything.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        let target = converter.offsetVirtualTime(clock, offset: virtualInterval)
        precondition(converter.compareVirtualTime(target, currentClock) != .lessThan,
                     "VirtualTimeScheduler.sleep(_:) cannot move the clock backwards.")
        currentClock = target
    }

    /// Stops `start()` after the current item.
    public func stop() {
        running = false
    }

    // MARK: - The queue (a binary heap ordered by time, then by scheduling order)

    private func precedes(_ a: VirtualSchedulerItem<VirtualTime>, _ b: VirtualSchedulerItem<VirtualTime>) -> Bool {
        switch converter.compareVirtualTime(a.time, b.time) {
        case .lessThan: return true
        case .greaterThan: return false
        case .equal: return a.sequence < b.sequence
        }
    }

    private func insert(_ item: VirtualSchedulerItem<VirtualTime>) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    private func removeFirst() -> VirtualSchedulerItem<VirtualTime> {
        let first = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var parent = 0
            while true {
                let left = 2 * parent + 1, right = left + 1
                var best = parent
                if left < items.count, precedes(items[left], items[best]) { best = left }
                if right < items.count, precedes(items[right], items[best]) { best = right }
                if best == parent { break }
                items.swapAt(parent, best)
                parent = best
            }
        }
        return first
    }

    private func dropDisposedHead() {
        while let first = items.first, first.isDisposed { _ = removeFirst() }
    }

    private func peekNext() -> VirtualSchedulerItem<VirtualTime>? {
        dropDisposedHead()
        return items.first
    }

    private func popNext() -> VirtualSchedulerItem<VirtualTime>? {
        dropDisposedHead()
        return items.isEmpty ? nil : removeFirst()
    }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
    public var debugDescription: String {
        "VirtualTimeScheduler(clock: \(clock), pending: \(items.filter { !$0.isDisposed }.count))"
    }
}

/// One piece of work scheduled on a `VirtualTimeScheduler`.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    let time: Time
    let sequence: UInt64
    private var action: (() -> Disposable)?
    private let result = SingleAssignmentDisposable()
    private let disposed = OnceFlag()

    init(time: Time, sequence: UInt64, action: @escaping () -> Disposable) {
        self.time = time
        self.sequence = sequence
        self.action = action
    }

    var isDisposed: Bool { disposed.isSet }

    func invoke() {
        guard !disposed.isSet, let action else { return }
        self.action = nil
        result.setDisposable(action())
    }

    func dispose() {
        disposed.set()
        action = nil
        result.dispose()
    }
}
