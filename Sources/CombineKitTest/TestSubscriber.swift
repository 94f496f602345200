import CombineKit
import GrammarChecking
import ReactiveBridgePrimitives

/// A recording subscriber whose test chooses the demand.
///
/// It requests `initialDemand` when it receives its subscription (nothing if `.none`) and returns
/// `demandPerValue` from each `receive(_:)`; the test can `request(_:)` more or `cancel()` later.
/// Every event is recorded with the virtual time (in ticks) of the scheduler it was given (0 without
/// one). Values received beyond the outstanding demand are counted in `demandViolations`.
///
/// It also checks the grammar: a value beyond demand, a value after completion, a second completion, an
/// event before the subscription, a second subscription, or a call overlapping a call in progress on
/// another thread is recorded in `grammarViolations` and reported as a test failure (see
/// `GrammarChecker.reporter`); `allowGrammarViolation(_:reason:)` relaxes one kind for a test that
/// breaks the grammar on purpose.
public final class TestSubscriber<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    /// One recorded event, with its virtual time in ticks.
    public enum Event: CustomStringConvertible {
        case subscription(Int)
        case value(Int, Input)
        case finished(Int)
        case failure(Int, Failure)
        case cancellation(Int)

        /// The virtual time of the event.
        public var time: Int {
            switch self {
            case .subscription(let time), .value(let time, _), .finished(let time), .failure(let time, _), .cancellation(let time):
                return time
            }
        }

        public var description: String {
            switch self {
            case .subscription(let time): return "subscription(\(time))"
            case .value(let time, let value): return "value(\(time), \(value))"
            case .finished(let time): return "finished(\(time))"
            case .failure(let time, let error): return "failure(\(time), \(error))"
            case .cancellation(let time): return "cancellation(\(time))"
            }
        }
    }

    private let lock = Lock()
    private let scheduler: CombineTestScheduler?
    private let initialDemand: Subscribers.Demand
    private let demandPerValue: Subscribers.Demand
    private let onValue: ((Input) -> Void)?
    private var recorded: [Event] = []
    private var upstream: Subscription?
    private var outstanding = Subscribers.Demand.none
    private var violations = 0
    private let grammar = GrammarChecker(recorder: "TestSubscriber", checksSubscription: true)

    /// Creates a recording subscriber.
    /// - Parameters:
    ///   - scheduler: the virtual clock used to time-stamp events (time 0 when `nil`).
    ///   - initialDemand: requested on subscription (`.none`: request nothing).
    ///   - demandPerValue: returned from each `receive(_:)`.
    ///   - onValue: called (without any lock held) for each value, before the demand is returned.
    public init(scheduler: CombineTestScheduler? = nil,
                initialDemand: Subscribers.Demand = .unlimited,
                demandPerValue: Subscribers.Demand = .none,
                onValue: ((Input) -> Void)? = nil) {
        self.scheduler = scheduler
        self.initialDemand = initialDemand
        self.demandPerValue = demandPerValue
        self.onValue = onValue
    }

    public var description: String { "TestSubscriber" }

    private var now: Int { scheduler?.clockTicks ?? 0 }

    /// Everything recorded so far, in order.
    public var events: [Event] { lock.withLock { recorded } }

    /// The values received so far.
    public var values: [Input] {
        lock.withLock {
            recorded.compactMap { if case .value(_, let value) = $0 { return value } else { return nil } }
        }
    }

    /// The completion received, if any.
    public var completion: Subscribers.Completion<Failure>? {
        lock.withLock {
            for event in recorded {
                switch event {
                case .finished: return .finished
                case .failure(_, let error): return .failure(error)
                default: continue
                }
            }
            return nil
        }
    }

    /// The subscription received, if any.
    public var subscription: Subscription? { lock.withLock { upstream } }

    /// Number of values that arrived while the subscriber had no outstanding demand.
    public var demandViolations: Int { lock.withLock { violations } }

    /// Every grammar violation this subscriber saw (including the relaxed kinds).
    public var grammarViolations: [GrammarViolation] { grammar.violations }

    /// Stops failing the test for violations of `kind` (still listed in `grammarViolations`).
    public func allowGrammarViolation(_ kind: GrammarViolation.Kind, reason: String) {
        grammar.allow(kind, reason: reason)
    }

    /// Demand requested but not yet used.
    public var outstandingDemand: Subscribers.Demand { lock.withLock { outstanding } }

    public func receive(subscription: Subscription) {
        let entry = grammar.enter(.subscription, event: "subscription at \(now)")
        defer { grammar.leave(entry) }
        let demand: Subscribers.Demand = lock.withLock {
            recorded.append(.subscription(now))
            upstream = subscription
            outstanding += initialDemand
            return initialDemand
        }
        if demand > 0 {
            subscription.request(demand)
        }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        let entry = grammar.enter(.value, event: "value \(input) at \(now)")
        defer { grammar.leave(entry) }
        let beyondDemand: Bool = lock.withLock {
            recorded.append(.value(now, input))
            if outstanding == .none {
                violations += 1
                return true
            }
            outstanding -= 1
            return false
        }
        if beyondDemand {
            grammar.note(.valueBeyondDemand, event: "value \(input) at \(now)")
        }
        onValue?(input)
        return lock.withLock {
            outstanding += demandPerValue
            return demandPerValue
        }
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        let entry = grammar.enter(.terminal, event: "\(completion) at \(now)")
        defer { grammar.leave(entry) }
        lock.withLock {
            switch completion {
            case .finished: recorded.append(.finished(now))
            case .failure(let error): recorded.append(.failure(now, error))
            }
        }
    }

    /// Requests more values from the subscription (must be positive).
    public func request(_ demand: Subscribers.Demand) {
        let subscription: Subscription? = lock.withLock {
            outstanding += demand
            return upstream
        }
        subscription?.request(demand)
    }

    /// Cancels the subscription and records the cancellation.
    public func cancel() {
        let subscription: Subscription? = lock.withLock {
            recorded.append(.cancellation(now))
            return upstream
        }
        subscription?.cancel()
    }
}

extension TestSubscriber.Event: Equatable where Input: Equatable, Failure: Equatable {}

extension TestSubscriber {
    /// The events with their times dropped, handy when timing does not matter: `[.value(0, 1)]` etc.
    /// are still available through `events`.
    public var valuesAndCompletion: (values: [Input], completion: Subscribers.Completion<Failure>?) {
        (values, completion)
    }
}
