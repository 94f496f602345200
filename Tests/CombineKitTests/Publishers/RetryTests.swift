import CombineKit
import CombineKitTest
import Testing

@Suite struct RetryTests {
    // Apple: retry(n) re-subscribes up to n times after the first failure (n + 1 subscriptions).
    @Test func retryNMeansNExtraAttempts() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .failure(2, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.retry(2).subscribe(subscriber)
        scheduler.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 2, 4])
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(3, 1), .value(5, 1), .failure(6, .oops)])
    }

    @Test func retryStopsOnSuccessAndCarriesDemand() {
        var attempts = 0
        let publisher = Deferred { () -> AnyPublisher<Int, TestError> in
            attempts += 1
            return attempts < 2 ? Fail(error: .oops).eraseToAnyPublisher() : [7, 8].publisher.setFailureType(to: TestError.self).eraseToAnyPublisher()
        }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        publisher.retry(3).subscribe(subscriber)
        #expect(subscriber.values == [7])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 7), .value(0, 8), .finished(0)])
        #expect(attempts == 2)
    }

    @Test func cancelStopsRetrying() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        subject.retry(1).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }

    // Combine: Publishers.Retry with a negative count retries without limit (OpenCombine RetryTests,
    // testRetryNegativeAmountOfTimes).
    @Test func aNegativeCountRetriesWithoutLimit() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        var attempts = 0
        Deferred { () -> ManualPublisher<Int, TestError> in attempts += 1; return upstream }.retry(-1).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        for _ in 0 ..< 100 { upstream.send(completion: .failure(.oops)) }
        #expect(attempts == 101)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.send(0) == .none)
        #expect(subscriber.values == [0])
    }

    // Combine's retry takes up a failure sent from within subscribe once that call has returned, so a
    // publisher that keeps failing at once does not nest subscribe calls (OpenCombine RetryTests,
    // testRecurseAndFinish: five failures from within subscribe, then a finish).
    @Test func failuresFromWithinSubscribeDoNotNest() {
        var depth = 0
        var deepest = 0
        let upstream = SubscribeHook { attempt, subscriber in
            depth += 1
            deepest = max(deepest, depth)
            if attempt > 1 { subscriber.receive(completion: attempt < 6 ? .failure(.oops) : .finished) }
            depth -= 1
        }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        upstream.retry(5).subscribe(subscriber)
        upstream.subscriber?.receive(completion: .failure(.oops))
        #expect(upstream.attempts == 6)
        #expect(deepest == 1)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    // Combine's retry returns `.none` from receive(_:) and asks the current subscription for the
    // downstream's new demand instead (OpenCombine RetryTests, testPreservesDemand).
    @Test func newDemandGoesToTheSubscriptionNotBackToTheCaller() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(5))
        upstream.retry(5).subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        #expect(upstream.send(5) == .none)
        #expect(upstream.subscription.events == [.requested(.max(3)), .requested(.max(5))])
    }

    // Combine's retry passes a value that arrives between two attempts (before the new subscription) when
    // the downstream asked for it, and asks the new subscription for what is left (OpenCombine
    // RetryTests, testRecurseAndReceiveValue: 3 requested, one value returning .max(2) → .max(4)).
    @Test func aValueBetweenAttemptsIsPassedAndItsDemandCarried() {
        let late = LateSubscriptionPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        late.retry(1).subscribe(subscriber)
        let first = RecordingSubscription()
        late.sendSubscription(first)
        subscriber.subscription?.request(.max(3))
        late.subscriber?.receive(completion: .failure(.oops))
        #expect(late.subscriber?.receive(1) == Subscribers.Demand.none)
        let second = RecordingSubscription()
        late.sendSubscription(second)
        #expect(subscriber.values == [1])
        #expect(first.events == [.requested(.max(3))])
        #expect(second.events == [.requested(.max(4))])
    }

    // Combine's retry stops on an upstream that sends more than it was asked for (OpenCombine RetryTests,
    // testCrashesOnUnwantedValue).
    @Test func aValueBeyondDemandStopsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.retry(2).subscribe(ManualSubscriber<Int, TestError>())
            _ = upstream.send(-1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Retry received a value it had not requested"))
    }

    // Combine's retry lets go of its subscriber once it has completed or been cancelled (OpenCombine
    // RetryTests, testRetryLifecycle: cancellingSubscriptionReleasesSubscriber).
    @Test func releasesTheSubscriberAfterCompletionOrCancel() {
        weak var completed: ManualSubscriber<Int, TestError>?
        weak var cancelled: ManualSubscriber<Int, TestError>?
        let upstream = ManualPublisher<Int, TestError>()
        do {
            let subscriber = ManualSubscriber<Int, TestError>()
            completed = subscriber
            upstream.retry(0).subscribe(subscriber)
            upstream.send(completion: .failure(.oops))
        }
        #expect(completed == nil)
        var subscription: Subscription?
        do {
            let subscriber = ManualSubscriber<Int, TestError>()
            cancelled = subscriber
            upstream.retry(3).subscribe(subscriber)
            subscription = subscriber.subscription
        }
        #expect(cancelled != nil)
        subscription?.cancel()
        #expect(cancelled == nil)
    }

    // Combine: retry passes on a finish that comes before its first subscription, and cancels a subscription
    // that arrives after it (OpenCombine RetryTests, testRetryReceiveCompletionBeforeSubscription); a failure
    // then, with no retries left, is passed on likewise.
    @Test func aCompletionBeforeTheSubscriptionIsPassedOn() {
        let (late, subscriber) = completeThenSubscribeLate { $0.retry(3) }
        #expect(subscriber.completions == [.finished])
        #expect(late.events == [.cancelled])
        #expect(subscriber.subscription == nil)
        let failed = completeThenSubscribeLate(.failure(.oops)) { $0.retry(0) }
        #expect(failed.subscriber.completions == [.failure(.oops)])
        #expect(failed.late.events == [.cancelled])
    }

    // Combine: a failure before the first subscription, with retries left, subscribes the upstream again, as
    // any other failure does (OpenCombine's Publishers.Retry takes a completion alike before and after it).
    @Test func aFailureBeforeTheSubscriptionIsRetried() {
        let subscribed = SubscriptionCounter()
        let subscriber = ManualSubscriber<Int, TestError>()
        subscribed.retry(1).subscribe(subscriber)
        #expect(subscribed.count == 1)
        subscribed.subscriber?.receive(completion: .failure(.oops))
        #expect(subscribed.count == 2)
        #expect(subscriber.completions.isEmpty)
        let late = RecordingSubscription()
        subscribed.subscriber?.receive(subscription: late)
        #expect(subscriber.subscription != nil)
        subscribed.subscriber?.receive(completion: .failure(.other))
        #expect(subscriber.completions == [.failure(.other)])
    }
}

/// A publisher that hands each subscriber a subscription and then calls `afterSubscribe` with the attempt's
/// number (from 1) and the subscriber.
private final class SubscribeHook: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    private let afterSubscribe: (Int, AnySubscriber<Int, TestError>) -> Void
    private(set) var attempts = 0
    private(set) var subscriber: AnySubscriber<Int, TestError>?
    init(afterSubscribe: @escaping (Int, AnySubscriber<Int, TestError>) -> Void) { self.afterSubscribe = afterSubscribe }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        attempts += 1
        let erased = AnySubscriber(subscriber)
        self.subscriber = erased
        subscriber.receive(subscription: RecordingSubscription())
        afterSubscribe(attempts, erased)
    }
}

/// Keeps its latest subscriber, without a subscription, and counts the subscribers it was given.
private final class SubscriptionCounter: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    private(set) var count = 0
    private(set) var subscriber: AnySubscriber<Int, TestError>?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        count += 1
        self.subscriber = AnySubscriber(subscriber)
    }
}
