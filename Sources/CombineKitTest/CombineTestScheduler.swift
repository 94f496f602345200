import CombineKit
import ReactiveBridgePrimitives

/// A virtual-time scheduler for tests (CombineKit's counterpart of RxTest's `TestScheduler`).
///
/// Time is an integer number of ticks; `resolution` is the number of seconds in one tick (default
/// 1.0, so one tick is one second). Strides such as `.seconds(2)` or `.milliseconds(500)` convert into
/// ticks with that resolution, and integer or floating-point literals are seconds, as on Apple's
/// schedulers. Actions run only when the test advances the clock (`advance(by:)`, `advance(to:)`,
/// `run()`), in order of their due time and, for equal times, in the order they were scheduled.
public final class CombineTestScheduler: Scheduler, @unchecked Sendable {
    /// An instant of virtual time, in ticks.
    public struct SchedulerTimeType: Strideable, Hashable, Sendable, CustomStringConvertible {
        /// The number of ticks since the start of virtual time.
        public let ticks: Int
        /// Nanoseconds per tick (from the scheduler's resolution).
        internal let nanosecondsPerTick: Int

        internal init(ticks: Int, nanosecondsPerTick: Int) {
            self.ticks = ticks
            self.nanosecondsPerTick = nanosecondsPerTick
        }

        public var description: String { "\(ticks)" }

        public func distance(to other: SchedulerTimeType) -> Stride {
            .nanoseconds((other.ticks - ticks) * nanosecondsPerTick)
        }

        public func advanced(by n: Stride) -> SchedulerTimeType {
            SchedulerTimeType(ticks: ticks + n.ticks(nanosecondsPerTick: nanosecondsPerTick), nanosecondsPerTick: nanosecondsPerTick)
        }

        public static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool { lhs.ticks < rhs.ticks }
        public static func == (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool { lhs.ticks == rhs.ticks }
        public func hash(into hasher: inout Hasher) { hasher.combine(ticks) }

        /// A span of virtual time, stored exactly in nanoseconds; literals are seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral, Hashable, Sendable, CustomStringConvertible {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The length of this span in nanoseconds.
            public var magnitude: Int

            private init(nanoseconds: Int) { magnitude = nanoseconds }
            public init(integerLiteral value: Int) { magnitude = value * 1_000_000_000 }
            public init(floatLiteral value: Double) { magnitude = Int((value * 1_000_000_000).rounded()) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(integerLiteral: value)
            }

            public var description: String { "\(Double(magnitude) / 1_000_000_000)s" }

            /// The span in ticks, rounded to the nearest tick.
            internal func ticks(nanosecondsPerTick: Int) -> Int {
                let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: nanosecondsPerTick)
                return quotient + (2 * abs(remainder) >= nanosecondsPerTick ? magnitude.signum() : 0)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }

            public static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
            public static func seconds(_ s: Double) -> Stride { Stride(floatLiteral: s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
            public static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }
        }
    }

    /// The test scheduler takes no options.
    public typealias SchedulerOptions = Never

    private struct ScheduledAction {
        let due: Int
        let sequenceNumber: Int
        let action: () -> Void
        let cancellationToken: CancellationToken?
    }

    private final class CancellationToken: Cancellable, @unchecked Sendable {
        private let lock = Lock()
        private var cancelled = false
        var isCancelled: Bool { lock.withLock { cancelled } }
        func cancel() { lock.withLock { cancelled = true } }
    }

    private let lock = Lock()
    private var clock: Int
    private var queue: [ScheduledAction] = []
    private var nextSequenceNumber = 0

    /// Seconds per tick.
    public let resolution: Double
    private let nanosecondsPerTick: Int

    /// Creates a virtual-time scheduler whose clock starts at `initialClock` ticks.
    public init(initialClock: Int = 0, resolution: Double = 1.0) {
        precondition(resolution > 0, "CombineTestScheduler(resolution:) was given \(resolution); pass a positive number of seconds per tick (1.0 by default).")
        self.clock = initialClock
        self.resolution = resolution
        self.nanosecondsPerTick = Swift.max(1, Int((resolution * 1_000_000_000).rounded()))
    }

    /// The current virtual time.
    public var now: SchedulerTimeType {
        SchedulerTimeType(ticks: lock.withLock { clock }, nanosecondsPerTick: nanosecondsPerTick)
    }

    /// The current virtual time in ticks.
    public var clockTicks: Int { lock.withLock { clock } }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    /// The virtual time `ticks` ticks after the start of time.
    public func time(_ ticks: Int) -> SchedulerTimeType {
        SchedulerTimeType(ticks: ticks, nanosecondsPerTick: nanosecondsPerTick)
    }

    /// Number of actions waiting to run.
    public var pendingActionCount: Int { lock.withLock { queue.count } }

    public func schedule(options: Never?, _ action: @escaping () -> Void) {
        enqueue(at: nil, action, token: nil)
    }

    public func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        enqueue(at: date.ticks, action, token: nil)
    }

    public func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                         options: Never?, _ action: @escaping () -> Void) -> Cancellable {
        let token = CancellationToken()
        let step = Swift.max(1, interval.ticks(nanosecondsPerTick: nanosecondsPerTick))
        scheduleRepeating(at: date.ticks, step: step, action, token: token)
        return AnyCancellable(token)
    }

    private func scheduleRepeating(at due: Int, step: Int, _ action: @escaping () -> Void, token: CancellationToken) {
        enqueue(at: due, { [weak self] in
            action()
            self?.scheduleRepeating(at: due + step, step: step, action, token: token)
        }, token: token)
    }

    private func enqueue(at due: Int?, _ action: @escaping () -> Void, token: CancellationToken?) {
        lock.withLock {
            let scheduled = ScheduledAction(due: Swift.max(due ?? clock, clock), sequenceNumber: nextSequenceNumber, action: action, cancellationToken: token)
            nextSequenceNumber += 1
            // Keep the queue sorted by (due, sequenceNumber); insert after every action due no later.
            let index = queue.firstIndex { $0.due > scheduled.due } ?? queue.endIndex
            queue.insert(scheduled, at: index)
        }
    }

    /// Runs every action due at or before `ticks`, then sets the clock to `ticks` (if it is later).
    public func advance(to ticks: Int) {
        while true {
            let next: ScheduledAction? = lock.withLock {
                guard let first = queue.first, first.due <= ticks else { return nil }
                queue.removeFirst()
                clock = Swift.max(clock, first.due)
                return first
            }
            guard let action = next else { break }
            if action.cancellationToken?.isCancelled == true { continue }
            action.action()
        }
        lock.withLock { clock = Swift.max(clock, ticks) }
    }

    /// Advances the clock by a number of ticks, running the actions that fall due.
    public func advance(by ticks: Int = 0) {
        advance(to: clockTicks + ticks)
    }

    /// Advances the clock by a span of virtual time, running the actions that fall due.
    public func advance(by stride: SchedulerTimeType.Stride) {
        advance(by: stride.ticks(nanosecondsPerTick: nanosecondsPerTick))
    }

    /// Runs all scheduled actions until none is left (repeating actions keep going until
    /// `maximumActions` have run, which guards against endless timers).
    public func run(maximumActions: Int = 100_000) {
        var executed = 0
        while executed < maximumActions {
            let next: ScheduledAction? = lock.withLock {
                guard let first = queue.first else { return nil }
                queue.removeFirst()
                clock = Swift.max(clock, first.due)
                return first
            }
            guard let action = next else { return }
            if action.cancellationToken?.isCancelled == true { continue }
            action.action()
            executed += 1
        }
    }
}
