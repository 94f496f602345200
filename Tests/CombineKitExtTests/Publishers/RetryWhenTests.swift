import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct RetryWhenTests {
    /// A trigger that retries after `delay` ticks for the first `retries` failures, then fails.
    static func trigger(_ s: CombineTestScheduler, retries: Int, delay: Int) -> (AnyPublisher<TestError, Never>) -> AnyPublisher<Void, TestError> {
        let count = EventLog()
        return { errors in
            errors.ignoreFailure(setFailureType: TestError.self).concatMap { error -> AnyPublisher<Void, TestError> in
                count.append("failure")
                guard count.entries.count <= retries else { return Fail(error: error).eraseToAnyPublisher() }
                return TestPublisher<Void, TestError>.cold(s, [.value(delay, ()), .finished(delay)]).eraseToAnyPublisher()
            }.eraseToAnyPublisher()
        }
    }

    @Test func resubscribesWhenTriggerEmitsThenFailsWhenTriggerFails() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .failure(2, .oops)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.retry(when: Self.trigger(s, retries: 2, delay: 3)).subscribe(subscriber)
        s.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 5, 10])
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(6, 1), .value(11, 1), .failure(12, .oops)])
    }

    @Test func finishesWhenUpstreamFinishes() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .finished(2)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.retry(when: Self.trigger(s, retries: 2, delay: 3)).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .finished(2)])
    }

    // RxSwift: "If the source observable errors and the notifier completes, it will complete."
    @Test func triggerCompletionFinishes() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.failure(2, .oops)])
        let trigger = TestPublisher<Void, TestError>.hot(s, [.finished(10)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.retry(when: { _ in trigger }).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .finished(10)])
    }

    // RxSwift listens to the trigger only while a failure waits for it: a trigger value during a running
    // attempt is ignored, and a trigger that finishes mid-attempt ends the result at the next failure.
    @Test func triggerIsHeardOnlyWhileAFailureWaits() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .failure(5, .oops)])
        let trigger = TestPublisher<Void, TestError>.hot(s, [.value(3, ()), .value(7, ()), .finished(9)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.retry(when: { _ in trigger }).subscribe(subscriber)
        s.run()
        // 3: ignored (attempt 1 running); 5: attempt 1 fails; 7: retry; 9: trigger ends mid-attempt 2;
        // 12: attempt 2 fails, which now ends the result.
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 7])
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(8, 1), .finished(12)])
    }

    @Test func synchronousRetriesLoopWithoutRecursion() {
        let attempts = EventLog()
        let upstream = AnyPublisher<Int, TestError>.create { emitter in
            attempts.append("attempt")
            if attempts.entries.count < 5000 { emitter.send(completion: .failure(.oops)) } else { emitter.send(7); emitter.send(completion: .finished) }
            return AnyCancellable {}
        }
        let subscriber = IntSubscriber()
        upstream.retry(when: { errors in errors.mapToVoid().ignoreFailure(setFailureType: TestError.self) }).subscribe(subscriber)
        #expect(attempts.entries.count == 5000)
        #expect(subscriber.events == [.subscription(0), .value(0, 7), .finished(0)])
    }

    @Test func cancellationCancelsAttemptAndTrigger() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(10, 1)])
        let trigger = TestPublisher<Void, TestError>.hot(s, [])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.retry(when: { _ in trigger }).subscribe(subscriber)
        s.at(5) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [])
        #expect(upstream.subscriptions.first?.cancelled == 5)
        #expect(trigger.subscriptions.first?.cancelled == 5)
    }

    @Test func newAttemptIsAskedOnlyForUnfulfilledDemand() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .value(2, 2), .failure(3, .oops)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(2))
        upstream.retry(when: Self.trigger(s, retries: 1, delay: 1)).subscribe(subscriber)
        s.advance(to: 20)
        subscriber.request(.max(1))
        s.advance(to: 40)
        #expect(subscriber.values == [1, 2, 1])
        #expect(upstream.subscriptions.map(\.totalDemand) == [.max(2), .max(1)])
        // The second attempt's failure waits behind its undelivered value 2 (cold publisher).
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        s.advance(to: 60)
        #expect(subscriber.values == [1, 2, 1, 2])
        #expect(subscriber.completion == .failure(.oops))
        #expect(subscriber.demandViolations == 0)
    }
}
