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

    @Test func assertNoFailurePassesValuesAndTrapsOnFailure() async {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure().subscribe(subscriber)
        #expect(subscriber.values == [1])
        await #expect(processExitsWith: .failure) {
            _ = Fail<Int, TestError>(error: .oops).assertNoFailure("boom").sink { _ in }
        }
    }
}
