import Foundation
import ReactiveBridgePrimitives

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval (once
    /// connected; use `autoconnect()` to connect on first subscription).
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// A publisher that repeatedly emits the current date on a given interval. Subscribers without
    /// demand miss ticks (as with a subject).
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?

        private let lock = Lock()
        private let subject = PassthroughSubject<Date, Never>()
        private var timer: Timer?

        /// Creates a publisher that repeatedly emits the current date on the given interval.
        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            subject.subscribe(subscriber)
        }

        public func connect() -> Cancellable {
            let subject = UncheckedSendable(self.subject)
            let timer = Timer(timeInterval: interval, repeats: true) { _ in subject.value.send(Date()) }
            if let tolerance = tolerance { timer.tolerance = tolerance }
            lock.lock()
            let previous = self.timer
            self.timer = timer
            lock.unlock()
            previous?.invalidate()
            runLoop.add(timer, forMode: mode)
            let box = UncheckedSendable(timer)
            return AnyCancellable { box.value.invalidate() }
        }
    }
}
