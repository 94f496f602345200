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

    // Combine (OpenCombine TimeoutTests.testBasicBehavior, run against Combine): the subscription, the first
    // request and each element arm a repeating timer (now, minimumTolerance, schedule(after:interval:…)); each
    // element is then delivered through schedule(options:), and its demand requested from the upstream.
    @Test func schedulerCallsAndDemandAreCombines() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(1))
        upstream.timeout(.seconds(13), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        subscriber.subscription?.request(.max(3))
        let arm13: [CallRecordingScheduler.Call] = [.now, .minimumTolerance, .scheduleRepeating(13, interval: 13)]
        #expect(scheduler.calls == arm13 + arm13)
        scheduler.advance(to: 10)
        #expect(upstream.send(1) == .none)
        #expect(scheduler.calls == arm13 + arm13 + [.now, .minimumTolerance, .scheduleRepeating(23, interval: 13), .schedule])
        #expect(subscriber.values == [])
        scheduler.advance(to: 11)
        #expect(subscriber.values == [1])
        scheduler.advance(to: 30)
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.max(2)), .requested(.max(3)), .requested(.max(1)), .cancelled])
        #expect(scheduler.cancelledRepeats == 3)
    }

    // Combine (OpenCombine TimeoutTests.testRequest): demand passes up as it is, `.none` included.
    @Test func requestOfNonePassesUp() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.timeout(.seconds(5), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.none)
        #expect(upstream.subscription.events == [.requested(.none)])
        subscriber.subscription?.cancel()
    }

    // Combine (OpenCombine TimeoutTests.testCancelWhileInputIsInFlight): a cancel stops an element already
    // scheduled for delivery, and the completion too.
    @Test func cancelStopsScheduledDelivery() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.timeout(.seconds(5), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = upstream.send(42)
        upstream.send(completion: .finished)
        subscriber.subscription?.cancel()
        scheduler.advance(to: 100)
        #expect(subscriber.values == [])
        #expect(subscriber.completions == [])
        #expect(upstream.subscription.events == [.requested(.max(1)), .cancelled])
    }

    // Combine (OpenCombine TimeoutTests.testTimeoutCancelBeforeSubscription): a cancel before the subscription
    // arrived does nothing; the subscription is then taken as usual.
    @Test func cancelBeforeSubscriptionIsIgnored() {
        let scheduler = CallRecordingScheduler()
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.timeout(.seconds(5), scheduler: scheduler).subscribe(subscriber)
        upstream.inner?.cancel()
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [])
        #expect(subscriber.subscription != nil)
        subscriber.subscription?.cancel()
        #expect(subscription.events == [.cancelled])
    }

    // Combine stops on timeout(_:scheduler:) with ImmediateScheduler (OpenCombine
    // TimeoutTests.testCrashesWithImmediateScheduler); CombineKit stops with a message that names the fix.
    @Test func immediateSchedulerTrapsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let cancellable = PassthroughSubject<Int, Never>().timeout(.seconds(1), scheduler: ImmediateScheduler.shared).sink { _ in }
            cancellable.cancel()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Use a DispatchQueue, RunLoop or OperationQueue, or a test scheduler"))
    }
}
