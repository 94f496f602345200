import CombineKit
import ReactiveBridgePrimitives

/// A publisher driven by a timed script, for tests (like RxTest's hot and cold observables).
///
/// - A **hot** publisher plays its script at the given absolute virtual times to whoever is
///   subscribed at that moment; a subscriber without outstanding demand misses the value (as with a
///   subject). Subscribing after the completion gets the completion at once.
/// - A **cold** publisher plays its script for each subscriber, with times relative to the
///   subscription; values that arrive before the subscriber demanded them wait (in order) until it
///   does, and the completion follows the last of them.
///
/// Each subscription is recorded with its virtual times of subscription and cancellation and the
/// demand requested, so tests can check what an operator asks of its upstream.
public final class TestPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    /// One step of the script: the time in ticks and what happens.
    public enum ScriptEvent {
        case value(Int, Output)
        case finished(Int)
        case failure(Int, Failure)

        var time: Int {
            switch self {
            case .value(let time, _), .finished(let time), .failure(let time, _): return time
            }
        }
    }

    /// One demand request seen by the publisher.
    public struct DemandRequest: Equatable, Sendable, CustomStringConvertible {
        public let time: Int
        public let demand: Subscribers.Demand
        public init(time: Int, demand: Subscribers.Demand) {
            self.time = time
            self.demand = demand
        }
        public var description: String { "request(\(time), \(demand))" }
    }

    /// The life of one subscription to this publisher.
    public struct SubscriptionRecord: Equatable, Sendable, CustomStringConvertible {
        /// When the subscriber subscribed.
        public var subscribed: Int
        /// When the subscription was cancelled (`nil` while active or if it completed).
        public var cancelled: Int?
        /// Every `request(_:)` made, in order.
        public var requests: [DemandRequest]

        public init(subscribed: Int, cancelled: Int? = nil, requests: [DemandRequest] = []) {
            self.subscribed = subscribed
            self.cancelled = cancelled
            self.requests = requests
        }

        /// The sum of all demand requested.
        public var totalDemand: Subscribers.Demand {
            requests.reduce(.none) { $0 + $1.demand }
        }

        public var description: String { "(\(subscribed), \(cancelled.map(String.init) ?? "-"), \(requests))" }
    }

    /// Whether the script plays once for everyone (hot) or per subscriber (cold).
    public enum Kind: Sendable {
        case hot, cold
    }

    private let lock = Lock()
    private let scheduler: CombineTestScheduler
    private let kind: Kind
    private let script: [ScriptEvent]
    private var records: [SubscriptionRecord] = []
    private var hotSubscriptions: [TestPublisherSubscription<Output, Failure>] = []
    private var hotCompletion: Subscribers.Completion<Failure>?

    /// Creates a test publisher.
    public init(scheduler: CombineTestScheduler, kind: Kind, _ script: [ScriptEvent]) {
        self.scheduler = scheduler
        self.kind = kind
        self.script = script
        if kind == .hot {
            for event in script {
                scheduler.schedule(after: scheduler.time(event.time)) { [weak self] in self?.playHot(event) }
            }
        }
    }

    /// A hot publisher: the script plays at absolute times to current subscribers.
    public static func hot(_ scheduler: CombineTestScheduler, _ script: [ScriptEvent]) -> TestPublisher {
        TestPublisher(scheduler: scheduler, kind: .hot, script)
    }

    /// A cold publisher: the script plays for each subscriber, relative to its subscription time.
    public static func cold(_ scheduler: CombineTestScheduler, _ script: [ScriptEvent]) -> TestPublisher {
        TestPublisher(scheduler: scheduler, kind: .cold, script)
    }

    /// The subscriptions seen so far.
    public var subscriptions: [SubscriptionRecord] { lock.withLock { records } }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let start = scheduler.clockTicks
        let index: Int = lock.withLock {
            records.append(SubscriptionRecord(subscribed: start))
            return records.count - 1
        }
        let subscription = TestPublisherSubscription<Output, Failure>(
            downstream: AnySubscriber(subscriber), buffersValues: kind == .cold,
            onRequest: { [weak self] demand in self?.record(index) { $0.requests.append(DemandRequest(time: self?.scheduler.clockTicks ?? 0, demand: demand)) } },
            onCancel: { [weak self] in self?.record(index) { $0.cancelled = self?.scheduler.clockTicks } })
        switch kind {
        case .hot:
            let completion: Subscribers.Completion<Failure>? = lock.withLock {
                if hotCompletion == nil { hotSubscriptions.append(subscription) }
                return hotCompletion
            }
            subscriber.receive(subscription: subscription)
            if let completion = completion { subscription.complete(completion) }
        case .cold:
            subscriber.receive(subscription: subscription)
            for event in script {
                scheduler.schedule(after: scheduler.time(start + event.time)) {
                    switch event {
                    case .value(_, let value): subscription.offer(value)
                    case .finished: subscription.complete(.finished)
                    case .failure(_, let error): subscription.complete(.failure(error))
                    }
                }
            }
        }
    }

    private func record(_ index: Int, _ update: (inout SubscriptionRecord) -> Void) {
        lock.withLock { update(&records[index]) }
    }

    private func playHot(_ event: ScriptEvent) {
        let targets: [TestPublisherSubscription<Output, Failure>] = lock.withLock {
            switch event {
            case .value: return hotSubscriptions
            case .finished:
                hotCompletion = .finished
            case .failure(_, let error):
                hotCompletion = .failure(error)
            }
            defer { hotSubscriptions = [] }
            return hotSubscriptions
        }
        for target in targets {
            switch event {
            case .value(_, let value): target.offer(value)
            case .finished: target.complete(.finished)
            case .failure(_, let error): target.complete(.failure(error))
            }
        }
    }
}

/// The subscription handed out by `TestPublisher`.
internal final class TestPublisherSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    private let lock = Lock()
    private var downstream: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var buffer: [Output] = []
    private var pendingCompletion: Subscribers.Completion<Failure>?
    private var isDelivering = false
    private let buffersValues: Bool
    private let onRequest: (Subscribers.Demand) -> Void
    private let onCancel: () -> Void

    private enum Step {
        case value(Output, AnySubscriber<Output, Failure>)
        case completion(Subscribers.Completion<Failure>, AnySubscriber<Output, Failure>)
        case stop
    }

    init(downstream: AnySubscriber<Output, Failure>, buffersValues: Bool,
         onRequest: @escaping (Subscribers.Demand) -> Void, onCancel: @escaping () -> Void) {
        self.downstream = downstream
        self.buffersValues = buffersValues
        self.onRequest = onRequest
        self.onCancel = onCancel
    }

    var description: String { "TestPublisher" }

    func offer(_ value: Output) {
        let accepted: Bool = lock.withLock {
            guard downstream != nil, pendingCompletion == nil else { return false }
            if buffersValues || demand > 0 {
                buffer.append(value)
                return true
            }
            return false
        }
        if accepted { drain() }
    }

    func complete(_ completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            if downstream != nil, pendingCompletion == nil { pendingCompletion = completion }
        }
        drain()
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "TestPublisher: request(_:) was called with \(demand); demand must be greater than zero (to request nothing, don't call request(_:)).")
        onRequest(demand)
        lock.withLock { self.demand += demand }
        drain()
    }

    func cancel() {
        let wasActive: Bool = lock.withLock {
            guard downstream != nil else { return false }
            downstream = nil
            buffer = []
            return true
        }
        if wasActive { onCancel() }
    }

    /// Delivers buffered values as demand allows, then the completion; one thread at a time.
    private func drain() {
        let claimed: Bool = lock.withLock {
            if isDelivering { return false }
            isDelivering = true
            return true
        }
        guard claimed else { return }
        while true {
            let step: Step = lock.withLock {
                guard let downstream = downstream else { return .stop }
                if !buffer.isEmpty, demand > 0 {
                    demand -= 1
                    return .value(buffer.removeFirst(), downstream)
                }
                if buffer.isEmpty, let completion = pendingCompletion {
                    self.downstream = nil
                    return .completion(completion, downstream)
                }
                return .stop
            }
            switch step {
            case .value(let value, let downstream):
                let more = downstream.receive(value)
                if more > 0 { lock.withLock { demand += more } }
            case .completion(let completion, let downstream):
                downstream.receive(completion: completion)
            case .stop:
                lock.withLock { isDelivering = false }
                // A request may have arrived between the last check and clearing the flag.
                let again: Bool = lock.withLock {
                    downstream != nil && ((!buffer.isEmpty && demand > 0) || (buffer.isEmpty && pendingCompletion != nil)) && !isDelivering
                }
                if again { drain() }
                return
            }
        }
    }
}
