import CombineKit
import CombineKitTest
import Testing

@Suite struct TimeoutTests {
    // Apple: timeout finishes normally unless customError is given.
    @Test func finishesWhenSilentTooLong() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(5, 1), .value(20, 2)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.timeout(.seconds(10), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(5, 1), .finished(15)])
        #expect(upstream.subscriptions[0].cancelled == 15)
    }

    @Test func failsWithCustomError() {
        let scheduler = CombineTestScheduler()
        let upstream = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.timeout(.seconds(3), scheduler: scheduler, customError: { .other }).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .failure(3, .other)])
    }

    @Test func upstreamCompletionAndLimitedDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .value(2, 2), .failure(3, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(1))
        upstream.timeout(.seconds(10), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.demandViolations == 0)
        let cancelled = TestSubscriber<Int, Never>(scheduler: scheduler)
        PassthroughSubject<Int, Never>().timeout(.seconds(1), scheduler: scheduler).subscribe(cancelled)
        cancelled.cancel()
        scheduler.run()
        #expect(cancelled.events.count == 2)
    }
}
