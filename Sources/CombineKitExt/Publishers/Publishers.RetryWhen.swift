import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// Resubscribes to this publisher when the trigger publisher returned by `handler` emits
    /// (RxSwift's `retry(when:)`). `handler` runs once per subscription and receives the stream of
    /// this publisher's failures; the trigger is subscribed before this publisher.
    ///
    /// As in RxSwift: an attempt's failure is sent to the failure stream, and the trigger is listened to
    /// only while a failure waits for its answer — a trigger value then starts the next attempt, the
    /// trigger finishing finishes the result, the trigger failing fails it. A trigger value while an
    /// attempt runs is ignored; a trigger that ends while an attempt runs ends the result at that
    /// attempt's next failure (RxSwift: "If the source observable errors and the notifier completes,
    /// it will complete the source sequence"). An attempt that finishes finishes the result. Demand: the trigger is asked for `.unlimited`; each attempt is asked for the
    /// downstream demand not yet fulfilled. Synchronous retries are run in a loop, not recursively.
    public func retry<Trigger: Publisher>(when handler: @escaping (AnyPublisher<Failure, Never>) -> Trigger) -> Publishers.RetryWhen<Self, Trigger>
        where Trigger.Failure == Failure {
        Publishers.RetryWhen(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// See `Publisher.retry(when:)`.
    public struct RetryWhen<Upstream: Publisher, Trigger: Publisher>: Publisher where Trigger.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let handler: (AnyPublisher<Failure, Never>) -> Trigger

        public init(upstream: Upstream, handler: @escaping (AnyPublisher<Failure, Never>) -> Trigger) {
            self.upstream = upstream
            self.handler = handler
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = RetryWhenInner<Upstream, Trigger>(downstream: subscriber, upstream: upstream)
            inner.start(handler)
        }
    }
}

private final class RetryWhenInner<Upstream: Publisher, Trigger: Publisher>: Subscription, CustomStringConvertible, @unchecked Sendable
    where Trigger.Failure == Upstream.Failure {
    typealias Failure = Upstream.Failure

    private let lock = Lock()
    private let upstream: Upstream
    private let failures = PassthroughSubject<Failure, Never>()
    private var queue: DeliveryQueue<Upstream.Output, Failure>!
    private var attempt = 0
    private var attemptSubscription: Subscription?
    private var triggerSubscription: Subscription?
    private var outstanding = Subscribers.Demand.none
    private var terminated = false
    private var isSubscribing = false
    private var subscribeAgain = false
    /// An attempt failed and its failure waits for the trigger's answer.
    private var awaitingTrigger = false
    /// The trigger ended while an attempt was running: applied at that attempt's next failure.
    private var triggerEnded: Subscribers.Completion<Failure>?

    init<S: Subscriber>(downstream: S, upstream: Upstream) where S.Input == Upstream.Output, S.Failure == Failure {
        self.upstream = upstream
        queue = DeliveryQueue(downstream) { [unowned self] demand in
            let target: Subscription? = self.lock.withLock {
                self.outstanding += demand
                return self.attemptSubscription
            }
            target?.request(demand)
        }
    }

    var description: String { "RetryWhen" }

    func start(_ handler: (AnyPublisher<Failure, Never>) -> Trigger) {
        queue.start(self)
        handler(failures.eraseToAnyPublisher()).subscribe(RetryTriggerSink(parent: self))
        subscribeAttempt()
    }

    /// Starts a new attempt; re-entrant calls (a synchronous failure and retry) loop here instead.
    private func subscribeAttempt() {
        let proceed: Bool = lock.withLock {
            if isSubscribing {
                subscribeAgain = true
                return false
            }
            isSubscribing = true
            return true
        }
        guard proceed else { return }
        while true {
            let next: (Int, Subscription?)? = lock.withLock {
                guard !terminated else { return nil }
                subscribeAgain = false
                attempt += 1
                defer { attemptSubscription = nil }
                return (attempt, attemptSubscription)
            }
            guard let (id, previous) = next else { break }
            previous?.cancel()
            upstream.subscribe(RetryAttemptSink(parent: self, id: id))
            let again: Bool = lock.withLock { subscribeAgain }
            if !again { break }
        }
        lock.withLock { isSubscribing = false }
    }

    // MARK: Attempts

    func attemptSubscribed(_ subscription: Subscription, id: Int) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !terminated, id == attempt else { return nil }
            attemptSubscription = subscription
            return outstanding
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 { subscription.request(demand) }
    }

    func attemptValue(_ value: Upstream.Output, id: Int) -> Subscribers.Demand {
        let current: Bool = lock.withLock {
            guard !terminated, id == attempt else { return false }
            outstanding -= 1
            return true
        }
        if current { queue.send(value) }
        return .none
    }

    /// What an attempt's completion leads to, decided under the lock and acted on outside it.
    private enum AttemptOutcome {
        case ignore
        case finish(Subscribers.Completion<Failure>)
        case askTrigger(Failure)
    }

    func attemptCompleted(_ completion: Subscribers.Completion<Failure>, id: Int) {
        let next: AttemptOutcome = lock.withLock {
            guard !terminated, id == attempt else { return .ignore }
            attemptSubscription = nil
            switch completion {
            case .finished:
                return .finish(.finished)
            case .failure(let error):
                if let ended = triggerEnded { return .finish(ended) }
                awaitingTrigger = true  // set before sending: the trigger may answer synchronously
                return .askTrigger(error)
            }
        }
        switch next {
        case .ignore: break
        case .finish(let completion): finish(completion)
        case .askTrigger(let error): failures.send(error)
        }
    }

    // MARK: Trigger

    func triggerSubscribed(_ subscription: Subscription) -> Bool {
        lock.withLock {
            guard !terminated else { return false }
            triggerSubscription = subscription
            return true
        }
    }

    func triggerFired() {
        let retry: Bool = lock.withLock {
            guard !terminated, awaitingTrigger else { return false }  // ignored while an attempt runs
            awaitingTrigger = false
            return true
        }
        if retry { subscribeAttempt() }
    }

    func triggerCompleted(_ completion: Subscribers.Completion<Failure>) {
        let now: Bool = lock.withLock {
            guard !terminated else { return false }
            if awaitingTrigger { return true }
            triggerEnded = completion  // an attempt is running: end at its next failure
            return false
        }
        if now { finish(completion) }
    }

    // MARK: Ending

    private func finish(_ completion: Subscribers.Completion<Failure>) {
        guard let (attempt, trigger) = terminate() else { return }
        attempt?.cancel()
        trigger?.cancel()
        failures.send(completion: .finished)
        queue.finish(completion)
    }

    private func terminate() -> (Subscription?, Subscription?)? {
        lock.withLock {
            guard !terminated else { return nil }
            terminated = true
            defer {
                attemptSubscription = nil
                triggerSubscription = nil
            }
            return (attemptSubscription, triggerSubscription)
        }
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        guard let (attempt, trigger) = terminate() else { return }
        attempt?.cancel()
        trigger?.cancel()
    }
}

private final class RetryAttemptSink<Upstream: Publisher, Trigger: Publisher>: Subscriber, CustomStringConvertible, @unchecked Sendable
    where Trigger.Failure == Upstream.Failure {
    typealias Input = Upstream.Output
    typealias Failure = Upstream.Failure
    private let parent: RetryWhenInner<Upstream, Trigger>
    private let id: Int

    init(parent: RetryWhenInner<Upstream, Trigger>, id: Int) {
        self.parent = parent
        self.id = id
    }

    var description: String { "RetryWhen.Attempt" }
    func receive(subscription: Subscription) { parent.attemptSubscribed(subscription, id: id) }
    func receive(_ input: Input) -> Subscribers.Demand { parent.attemptValue(input, id: id) }
    func receive(completion: Subscribers.Completion<Failure>) { parent.attemptCompleted(completion, id: id) }
}

private final class RetryTriggerSink<Upstream: Publisher, Trigger: Publisher>: Subscriber, CustomStringConvertible, @unchecked Sendable
    where Trigger.Failure == Upstream.Failure {
    typealias Input = Trigger.Output
    typealias Failure = Trigger.Failure
    private let parent: RetryWhenInner<Upstream, Trigger>

    init(parent: RetryWhenInner<Upstream, Trigger>) { self.parent = parent }

    var description: String { "RetryWhen.Trigger" }

    func receive(subscription: Subscription) {
        if parent.triggerSubscribed(subscription) {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        parent.triggerFired()
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) { parent.triggerCompleted(completion) }
}
