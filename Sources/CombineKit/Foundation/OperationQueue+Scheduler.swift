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

    /// Adds one operation to the queue at once, which becomes ready at `date` (as Combine's scheduler does:
    /// not a `BlockOperation`, and `Cancellable`).
    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let operation = DelayedOperation(action: action, repetition: nil)
        addOperation(operation)
        operation.becomeReady(at: date.date)
    }

    /// Adds an operation that becomes ready at `date`; each run adds the next one, ready one `interval` later,
    /// until the returned `AnyCancellable` is cancelled (as Combine's scheduler does).
    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) -> Cancellable {
        let repetition = DelayedOperation.Repetition(queue: self, interval: interval.timeInterval)
        let operation = DelayedOperation(action: action, repetition: repetition)
        repetition.current = operation
        addOperation(operation)
        operation.becomeReady(at: date.date)
        return AnyCancellable(repetition)
    }
}

/// An operation that stays not ready until its time comes. A repeating one (`Repetition`) adds the operation of
/// the next run to the queue when it runs.
private final class DelayedOperation: Operation, Cancellable, @unchecked Sendable {
    /// The state a repeating schedule shares across its operations; cancelling it stops the repetition.
    final class Repetition: Cancellable, @unchecked Sendable {
        let lock = Lock()
        let queue: OperationQueue
        let interval: TimeInterval
        // Guarded by `lock`.
        weak var current: DelayedOperation?
        var cancelled = false

        init(queue: OperationQueue, interval: TimeInterval) {
            self.queue = queue
            self.interval = interval
        }

        func cancel() {
            lock.lock()
            cancelled = true
            let operation = current
            current = nil
            lock.unlock()
            operation?.cancel()
        }
    }

    private static let readiness = DispatchQueue(label: "CombineKit.OperationQueue.readiness")
    private let lock = Lock()
    // Guarded by `lock`.
    private var action: (() -> Void)?
    private var due = false
    private let repetition: Repetition?

    init(action: @escaping () -> Void, repetition: Repetition?) {
        self.action = action
        self.repetition = repetition
        super.init()
    }

    /// Reports the operation ready (through key-value observation, which the queue watches) at `date`.
    func becomeReady(at date: Date) {
        Self.readiness.asyncAfter(deadline: .now() + Swift.max(0, date.timeIntervalSinceNow)) { [weak self] in
            self?.markDue()
        }
    }

    private func markDue() {
        willChangeValue(for: \.isReady)
        lock.lock()
        due = true
        lock.unlock()
        didChangeValue(for: \.isReady)
    }

    override var isReady: Bool {
        lock.lock()
        let due = self.due
        lock.unlock()
        return super.isReady && (due || isCancelled)
    }

    override func cancel() {
        lock.lock()
        action = nil
        lock.unlock()
        super.cancel()
    }

    override func main() {
        lock.lock()
        let action = self.action
        self.action = nil
        lock.unlock()
        guard let action else { return }
        if let repetition {
            repetition.lock.lock()
            if !repetition.cancelled {
                let next = DelayedOperation(action: action, repetition: repetition)
                repetition.current = next
                repetition.lock.unlock()
                repetition.queue.addOperation(next)
                next.becomeReady(at: Date(timeIntervalSinceNow: repetition.interval))
            } else {
                repetition.lock.unlock()
                return  // cancelled while this run was starting
            }
        }
        action()
    }
}
