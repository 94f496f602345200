import CombineKit
import CombineKitTest
import Testing
import Dispatch
import Foundation

/// An equatable error for failure tests.
enum TestError: Error, Equatable {
    case oops
    case other
}

/// Collects values and the completion through `sink`.
final class SinkRecorder<Output, Failure: Error>: @unchecked Sendable {
    var values: [Output] = []
    var completions: [Subscribers.Completion<Failure>] = []
    var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        cancellable = publisher.sink(receiveCompletion: { [unowned self] in self.completions.append($0) },
                                     receiveValue: { [unowned self] in self.values.append($0) })
    }
}

/// A subscriber that hands its subscription to the test and records everything (no time).
final class ManualSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    var subscription: Subscription?
    var values: [Input] = []
    var completions: [Subscribers.Completion<Failure>] = []
    var demandPerValue: Subscribers.Demand
    var onValue: ((Input) -> Void)?

    init(demandPerValue: Subscribers.Demand = .none) {
        self.demandPerValue = demandPerValue
    }

    func receive(subscription: Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        onValue?(input)
        return demandPerValue
    }
    func receive(completion: Subscribers.Completion<Failure>) { completions.append(completion) }
}

/// Sends all its values at subscription, whatever the demand (to exercise buffer overflow).
struct DemandIgnoringPublisher<Failure: Error>: Publisher {
    typealias Output = Int
    let values: [Int]
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        for value in values { _ = subscriber.receive(value) }
    }
}

/// Sends values through a subject into an operator chain and then finishes.
enum PassthroughSubjectDriver {
    static func send<Output, Result, P: Publisher>(_ values: [Output],
                                                   through build: (PassthroughSubject<Output, Never>) -> P,
                                                   to subscriber: TestSubscriber<Result, Never>) where P.Output == Result, P.Failure == Never {
        let subject = PassthroughSubject<Output, Never>()
        build(subject).subscribe(subscriber)
        for value in values { subject.send(value) }
        subject.send(completion: .finished)
    }
}

final class NSLockBox: @unchecked Sendable {
    private let lock = NSLock()
    func withLock<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
}

struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// What a subscriber that requests `.max(1)` and returns `.max(1)` from each `receive(_:)` gets from
/// `combine` applied to two subjects, sent `sends` (a subject's index, 0 or 1, and a value) in order.
func valuesUnderOneByOneDemand(_ combine: (PassthroughSubject<Int, Never>, PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never>,
                               sending sends: [(Int, Int)]) -> [Int] {
    let subjects = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
    let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(1))
    combine(subjects[0], subjects[1]).subscribe(subscriber)
    subscriber.subscription?.request(.max(1))
    for (index, value) in sends { subjects[index].send(value) }
    return subscriber.values
}

/// A subscription that records what it is asked (requests, cancels), for operators that hand the
/// upstream's subscription to the downstream.
final class RecordingSubscription: Subscription, @unchecked Sendable {
    enum Event: Equatable {
        case requested(Subscribers.Demand)
        case cancelled
    }
    var events: [Event] = []
    func request(_ demand: Subscribers.Demand) { events.append(.requested(demand)) }
    func cancel() { events.append(.cancelled) }
}

/// A publisher the test drives by hand: it hands its subscriber the given subscription and sends whatever
/// the test sends, whatever the demand (to exercise ill-behaved upstreams).
final class ManualPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    let subscription: RecordingSubscription
    init(subscription: RecordingSubscription = RecordingSubscription()) { self.subscription = subscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
}

/// A publisher that keeps its subscriber and hands it a subscription only when the test says so; `inner`
/// is the operator's own subscription object (operators whose subscriber is also the subscription), to
/// call before the subscription arrived.
final class LateSubscriptionPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    private(set) var inner: Subscription?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        inner = subscriber as? Subscription
        self.subscriber = AnySubscriber(subscriber)
    }
    func sendSubscription(_ subscription: Subscription) { subscriber?.receive(subscription: subscription) }
}

/// Subscribes a `ManualSubscriber` to `make` applied to a `LateSubscriptionPublisher`, cancels the operator's
/// inner before any subscription arrived, then hands it a late `RecordingSubscription`. Returns that
/// subscription (what the operator asked of it) and the subscriber (whether it got a subscription).
func cancelThenSubscribeLate<P: Publisher>(_ make: (LateSubscriptionPublisher<Int, Never>) -> P) throws
    -> (late: RecordingSubscription, subscriber: ManualSubscriber<P.Output, P.Failure>) {
    let upstream = LateSubscriptionPublisher<Int, Never>()
    let subscriber = ManualSubscriber<P.Output, P.Failure>()
    make(upstream).subscribe(subscriber)
    try #require(upstream.inner != nil)
    upstream.inner?.cancel()
    let late = RecordingSubscription()
    upstream.sendSubscription(late)
    return (late, subscriber)
}

/// Subscribes a `ManualSubscriber` to `make` applied to a `LateSubscriptionPublisher`, sends the operator's inner
/// `completion` before any subscription arrived, then hands it a late `RecordingSubscription`. Returns that
/// subscription (what the operator did with it) and the subscriber (what reached it).
func completeThenSubscribeLate<P: Publisher>(_ completion: Subscribers.Completion<TestError> = .finished,
                                             _ make: (LateSubscriptionPublisher<Int, TestError>) -> P)
    -> (late: RecordingSubscription, subscriber: ManualSubscriber<P.Output, P.Failure>) {
    let upstream = LateSubscriptionPublisher<Int, TestError>()
    let subscriber = ManualSubscriber<P.Output, P.Failure>()
    make(upstream).subscribe(subscriber)
    upstream.subscriber?.receive(completion: completion)
    let late = RecordingSubscription()
    upstream.sendSubscription(late)
    return (late, subscriber)
}

/// Subscribes a `ManualSubscriber` to `make` applied to a `LateSubscriptionPublisher`, hands the operator a
/// `RecordingSubscription`, then cancels the subscription the subscriber got. Returns what the upstream
/// subscription was asked and whether the operator let go of it (the publisher still holds the operator).
func cancelAfterTheSubscriptionArrived<P: Publisher>(_ make: (LateSubscriptionPublisher<Int, Never>) -> P) throws
    -> (events: [RecordingSubscription.Event], upstreamSubscriptionReleased: Bool) {
    let upstream = LateSubscriptionPublisher<Int, Never>()
    let subscriber = ManualSubscriber<P.Output, P.Failure>()
    make(upstream).subscribe(subscriber)
    var subscription: RecordingSubscription? = RecordingSubscription()
    weak let released = subscription
    upstream.sendSubscription(subscription!)
    try #require(subscriber.subscription).cancel()
    let events = subscription!.events
    subscription = nil
    subscriber.subscription = nil
    return (events, released == nil)
}

/// Checks `cancel()` of an operator whose downstream gets the subscription from the operator's own
/// `receive(subscription:)`: before the upstream subscription arrived it is ignored (the subscription is
/// accepted when it comes, and a request reaches it); from the downstream afterwards it cancels the upstream
/// and lets it go.
func expectCancelIgnoredOnlyBeforeTheSubscription<P: Publisher>(_ make: (LateSubscriptionPublisher<Int, Never>) -> P,
                                                                sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (late, subscriber) = try cancelThenSubscribeLate(make)
    #expect(late.events == [], sourceLocation: sourceLocation)
    try #require(subscriber.subscription, sourceLocation: sourceLocation).request(.max(3))
    #expect(late.events == [.requested(.max(3))], sourceLocation: sourceLocation)
    let cancelled = try cancelAfterTheSubscriptionArrived(make)
    #expect(cancelled.events == [.cancelled], sourceLocation: sourceLocation)
    #expect(cancelled.upstreamSubscriptionReleased, sourceLocation: sourceLocation)
}

/// A scheduler that records each call an operator makes on it (Combine's exact calls are part of its
/// behaviour: custom and test schedulers see them) and runs the work on a `CombineTestScheduler`.
final class CallRecordingScheduler: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = CombineTestScheduler.SchedulerTimeType
    typealias SchedulerOptions = Never

    enum Call: Equatable, CustomStringConvertible {
        case now
        case minimumTolerance
        case schedule
        /// `schedule(after:tolerance:options:)`, at a tick.
        case scheduleAfter(Int)
        /// `schedule(after:interval:tolerance:options:)`, first due at a tick, repeating every `interval` ticks.
        case scheduleRepeating(Int, interval: Int)

        var description: String {
            switch self {
            case .now: "now"
            case .minimumTolerance: "minimumTolerance"
            case .schedule: "schedule"
            case .scheduleAfter(let tick): "scheduleAfter(\(tick))"
            case .scheduleRepeating(let tick, let interval): "scheduleRepeating(\(tick), interval: \(interval))"
            }
        }
    }

    let base = CombineTestScheduler()
    private(set) var calls: [Call] = []
    /// How many repeating schedules' cancellables were cancelled.
    private(set) var cancelledRepeats = 0
    /// Hands out cancellables that do nothing (a scheduler that cannot stop a repeating action).
    var cancelIsNoOp = false

    var now: SchedulerTimeType {
        calls.append(.now)
        return base.now
    }

    var minimumTolerance: SchedulerTimeType.Stride {
        calls.append(.minimumTolerance)
        return base.minimumTolerance
    }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        calls.append(.schedule)
        base.schedule(options: options, action)
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?, _ action: @escaping () -> Void) {
        calls.append(.scheduleAfter(date.ticks))
        base.schedule(after: date, tolerance: tolerance, options: options, action)
    }

    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
                  options: Never?, _ action: @escaping () -> Void) -> Cancellable {
        calls.append(.scheduleRepeating(date.ticks, interval: base.time(0).advanced(by: interval).ticks))
        let repeating = base.schedule(after: date, interval: interval, tolerance: tolerance, options: options, action)
        let noOp = cancelIsNoOp
        return AnyCancellable { [weak self] in
            self?.cancelledRepeats += 1
            if !noOp { repeating.cancel() }
        }
    }

    /// Runs the work due at or before `tick`.
    func advance(to tick: Int) { base.advance(to: tick) }
}
