import CombineKit
import CombineKitTest
import Testing

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

    // Combine (OpenCombine DelayTests.testBasicBehavior/testStrongCaptureWhenSchedulingValue, run against
    // Combine): the default tolerance is read when the publisher is made; each element and the completion is
    // scheduled with `now` and schedule(after: now + interval, tolerance:options:).
    @Test func schedulerCallsAreCombines() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(2))
        let delay = upstream.delay(for: .seconds(3), scheduler: scheduler)
        #expect(scheduler.calls == [.minimumTolerance])
        delay.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        #expect(upstream.send(1) == .none)
        scheduler.advance(to: 2)
        upstream.send(completion: .finished)
        #expect(scheduler.calls == [.minimumTolerance, .now, .scheduleAfter(3), .now, .scheduleAfter(5)])
        scheduler.advance(to: 5)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(2))])
    }

    // Combine (OpenCombine DelayTests.testRequest): demand passes up as it is, `.none` included.
    @Test func requestOfNonePassesUp() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: CallRecordingScheduler()).subscribe(subscriber)
        subscriber.subscription?.request(.none)
        #expect(upstream.subscription.events == [.requested(.none)])
    }

    // Combine (OpenCombine DelayTests.testStrongCaptureWhenSchedulingCompletion): once the completion has arrived,
    // a cancel does not stop its delivery.
    @Test func cancelAfterTheCompletionArrivedStillDeliversIt() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: scheduler).subscribe(subscriber)
        upstream.send(completion: .finished)
        subscriber.subscription?.cancel()
        scheduler.advance(to: 2)
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [])
    }

    // Combine (OpenCombine DelayTests.testDelayCancelBeforeSubscription/testDelayReflection): a cancel before the
    // subscription arrived does nothing, and Delay's subscription has no description of its own.
    @Test func cancelBeforeSubscriptionIsIgnoredAndNoDescription() throws {
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.delay(for: .seconds(1), scheduler: CallRecordingScheduler()).subscribe(subscriber)
        upstream.inner?.cancel()
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [])
        let delaySubscription = try #require(subscriber.subscription)
        #expect(!(delaySubscription is CustomStringConvertible))
        #expect(!(delaySubscription is CustomReflectable))
    }
}
