import CombineKit
import CombineKitTest
import Testing

@Suite struct DebounceTests {
    // Apple: "Publishes elements only after a specified time interval elapses between events."
    @Test func publishesAfterQuietPeriod() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<String, Never>.hot(scheduler, [.value(10, "a"), .value(12, "b"), .value(30, "c"), .finished(50)])
        let subscriber = TestSubscriber<String, Never>(scheduler: scheduler)
        upstream.debounce(for: .seconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(17, "b"), .value(35, "c"), .finished(50)])
    }

    // Apple's behaviour per OpenCombine DebounceTests.testFinishBeforeDue/testFailBeforeDue (run against Combine): a completion during the quiet period drops the pending element.
    @Test func pendingValueIsDroppedOnCompletionAndFailureForwarded() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .failure(12, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.debounce(for: .seconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .failure(12, .oops)])
    }

    @Test func limitedDemandDropsDueValuesAndCancelStops() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(20, 2), .value(30, 3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.debounce(for: .seconds(2), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: 25)
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(12, 1), .cancellation(25)])
        #expect(subscriber.demandViolations == 0)
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
    }
}

@Suite struct ThrottleTests {
    // Apple docs (throttle(for:scheduler:latest:)): "delivers the first event, then republishes only the latest event in the following … intervals".
    @Test func latestPublishesFirstAtOnceThenNewestPerInterval() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(11, 2), .value(12, 3), .value(30, 4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .value(15, 3), .value(30, 4)])
    }

    @Test func notLatestPublishesFirstOfInterval() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(11, 2), .value(12, 3), .finished(40)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: false).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .value(15, 2), .finished(40)])
    }

    @Test func failureLimitedDemandAndCancel() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .value(20, 2), .failure(30, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(1))
        upstream.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .failure(30, .oops)])
        let other = TestPublisher<Int, Never>.hot(scheduler, [.value(40, 1)])
        let cancelled = TestSubscriber<Int, Never>(scheduler: scheduler)
        other.throttle(for: .seconds(1), scheduler: scheduler, latest: true).subscribe(cancelled)
        cancelled.cancel()
        scheduler.run()
        #expect(cancelled.values == [])
    }
}

@Suite struct DelayTests {
    @Test func delaysValuesAndCompletion() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(12, 2), .finished(14)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.delay(for: .seconds(3), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(13, 1), .value(15, 2), .finished(17)])
    }

    @Test func forwardsDemandAndFailureAndCancel() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .value(2, 2), .failure(3, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(1))
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
        #expect(subscriber.values == [1])
        let other = PassthroughSubject<Int, Never>()
        let cancelled = TestSubscriber<Int, Never>(scheduler: scheduler)
        other.delay(for: .seconds(1), scheduler: scheduler).subscribe(cancelled)
        other.send(1)
        cancelled.cancel()
        scheduler.run()
        #expect(cancelled.values == [])
    }
}

@Suite struct MeasureIntervalTests {
    @Test func measuresFromSubscriptionThenBetweenValues() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .value(15, 2), .failure(20, .oops)])
        let subscriber = TestSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, TestError>(scheduler: scheduler)
        scheduler.advance(to: 2)
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(2), .value(10, .seconds(8)), .value(15, .seconds(5)), .failure(20, .oops)])
    }

    @Test func limitedDemandAndCancel() {
        let scheduler = CombineTestScheduler()
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        subscriber.cancel()
        upstream.send(3)
        #expect(subscriber.values == [.seconds(0)])
    }
}

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

@Suite struct ThrottleCompletionTests {
    // Apple's behaviour per OpenCombine ThrottleTests.testReceiveCompletionImmediatelyAfterValue (run against Combine): the held element is sent at the interval's end, then the completion.
    @Test func completionDuringIntervalWaitsForTheHeldElement() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(11, 2), .finished(12)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .value(15, 2), .finished(15)])
    }

    // Apple's behaviour per OpenCombine ThrottleTests.testBasicBehavior (run against Combine): a failure also waits for the held element.
    @Test func failureDuringIntervalWaitsForTheHeldElement() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .value(11, 2), .value(12, 3), .failure(13, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: false).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .value(15, 2), .failure(15, .oops)])
    }

    // Apple's behaviour per OpenCombine ThrottleTests.testReceiveCompletionImmediatelyAfterSubscription (run against Combine): with nothing held, the completion is not delayed.
    @Test func completionWithNothingHeldIsNotDelayed() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .finished(12)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: true).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .finished(12)])
    }
}
