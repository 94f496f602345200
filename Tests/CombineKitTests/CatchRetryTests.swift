import CombineKit
import CombineKitTest
import Testing

@Suite struct CatchTests {
    @Test func replacesFailedPublisher() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops))
            .catch { _ in Just(99) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(0, 99), .finished(0)])
    }

    @Test func replacementGetsUnusedDemand() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .failure(2, .oops)])
        let second = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 2), .value(2, 3)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(2))
        first.catch { _ in second }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1, 2])
        #expect(second.subscriptions[0].requests == [.init(time: 2, demand: .max(1))])
    }

    @Test func finishedUpstreamIsNotReplacedAndCancelWorks() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).setFailureType(to: TestError.self).catch { _ in Just(2) }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        let subject = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.catch { _ in Just(2) }.subscribe(cancelled)
        cancelled.cancel()
        subject.send(completion: .failure(.oops))
        #expect(cancelled.values == [])
    }

    @Test func replacementFailureIsForwarded() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .other)])
    }

    @Test func tryCatchCanThrow() {
        let subscriber = TestSubscriber<Int, Error>()
        Fail<Int, TestError>(error: .oops).tryCatch { error -> Just<Int> in throw TestError.other }.subscribe(subscriber)
        if case .failure(let error)? = subscriber.completion { #expect(error as? TestError == .other) } else { Issue.record("expected failure") }
        let recovering = TestSubscriber<Int, Error>(initialDemand: .max(1))
        Fail<Int, TestError>(error: .oops).tryCatch { _ in [5, 6].publisher }.subscribe(recovering)
        #expect(recovering.values == [5])
    }
}

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

    @Test func assertNoFailurePassesValuesAndTrapsOnFailure() async {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure().subscribe(subscriber)
        #expect(subscriber.values == [1])
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, TestError>(error: .oops).assertNoFailure("boom").sink { _ in }
        }
    }
}
