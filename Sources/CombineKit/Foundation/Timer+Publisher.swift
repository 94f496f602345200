import Foundation
import ReactiveBridgePrimitives

extension Timer {
    /// Returns a publisher that repeatedly emits the current date on the given interval (once
    /// connected; use `autoconnect()` to connect on first subscription).
    ///
    /// As in Apple's Combine, `tolerance` is not passed on: the publisher's `tolerance` is `nil`
    /// (OpenCombine's TimerPublisherTests, run against Combine). To give the timer a tolerance, create the
    /// publisher with `Timer.TimerPublisher(interval:tolerance:runLoop:mode:options:)`.
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
                               in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, tolerance: nil, runLoop: runLoop, mode: mode, options: options)
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
            subject.subscribe(TimerSubscription(downstream: subscriber))
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
            return TimerConnection(timer: timer)
        }
    }
}

/// The connection `Timer.TimerPublisher.connect()` returns: cancelling it stops the timer. Like Combine's, it
/// has no description or mirror of its own.
private final class TimerConnection: Cancellable {
    private let timer: Timer

    init(timer: Timer) {
        self.timer = timer
    }

    func cancel() {
        timer.invalidate()
    }
}

/// What a subscriber of `Timer.TimerPublisher` receives as its subscription: requests and cancel pass to the
/// publisher's ticks; like Combine's, it has no description or mirror of its own.
private final class TimerSubscription<Downstream: Subscriber>: Subscriber, Subscription, LockedStatusInner
    where Downstream.Input == Date, Downstream.Failure == Never
{
    private let downstream: Downstream
    let lock = Lock()
    var status = SubscriptionStatus.awaitingSubscription

    init(downstream: Downstream) {
        self.downstream = downstream
    }

    func receive(subscription: Subscription) {
        guard storeFirstSubscription(subscription) else { return }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Date) -> Subscribers.Demand {
        downstream.receive(input)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        downstream.receive(completion: completion)
    }

    func request(_ demand: Subscribers.Demand) {
        currentSubscription()?.request(demand)
    }

    func cancel() {
        lock.lock()
        let previous = status.take()
        lock.unlock()
        if case .subscribed(let subscription) = consume previous { subscription.cancel() }
    }
}
