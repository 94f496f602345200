import CombineKit
import CombineKitTest
import Testing

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

    // Combine (OpenCombine ThrottleTests.testBasicBehavior/testThrottleDemand, run against Combine): `now` when
    // created, at the subscription and for each element; the first element is scheduled at once, a later one
    // for one interval after the last publication (minimumTolerance, schedule(after:tolerance:options:)).
    @Test func schedulerCallsAreCombines() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        let throttle = upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: false)
        throttle.subscribe(subscriber)
        #expect(scheduler.calls == [.now, .now])
        #expect(upstream.subscription.events == [.requested(.unlimited)])
        subscriber.subscription?.request(.max(10))
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)  // dropped: latest is false and 1 is scheduled
        #expect(scheduler.calls == [.now, .now, .now, .schedule, .now])
        scheduler.advance(to: 0)
        #expect(subscriber.values == [1])
        scheduler.advance(to: 1)
        #expect(upstream.send(3) == .none)
        #expect(scheduler.calls == [.now, .now, .now, .schedule, .now, .now, .now, .minimumTolerance, .scheduleAfter(5)])
        scheduler.advance(to: 5)
        #expect(subscriber.values == [1, 3])
    }

    // Combine (OpenCombine ThrottleTests.testThrottleDemand): demand is taken when an element arrives; one that
    // arrives without demand is dropped, even if demand comes before its interval ends.
    @Test func elementWithoutDemandIsDroppedOnArrival() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: true).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = upstream.send(1)
        scheduler.advance(to: 1)
        _ = upstream.send(2)
        subscriber.subscription?.request(.max(1))
        scheduler.advance(to: 20)
        #expect(subscriber.values == [1])
    }

    // Combine (OpenCombine ThrottleTests.testWeakCaptureWhenSchedulingValue/testThrottleLifecycle): cancel
    // releases the downstream, and drops what was scheduled.
    @Test func cancelReleasesTheSubscriber() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        weak var released: ManualSubscriber<Int, Never>?
        do {
            let subscriber = ManualSubscriber<Int, Never>()
            released = subscriber
            upstream.throttle(for: .seconds(5), scheduler: scheduler, latest: true).subscribe(subscriber)
            subscriber.subscription?.request(.unlimited)
            _ = upstream.send(1)
            subscriber.subscription?.cancel()
            subscriber.subscription = nil
        }
        #expect(released == nil)
        scheduler.advance(to: 10)
        #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    }

    // Combine (OpenCombine ThrottleTests.testThrottleCancelBeforeSubscription): a cancel before the subscription
    // arrived ends the throttle; the subscription that arrives later is cancelled.
    @Test func cancelBeforeSubscriptionCancelsTheLaterSubscription() {
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.throttle(for: .seconds(5), scheduler: CallRecordingScheduler(), latest: true).subscribe(subscriber)
        upstream.inner?.cancel()
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [.cancelled])
        #expect(subscriber.subscription == nil)
    }
}
