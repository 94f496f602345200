import CombineKit
import CombineKitTest
import Testing

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

    // Combine (OpenCombine MeasureIntervalTests.testRequest/testCancelAlreadyCancelled, run against Combine):
    // `receive(_:)` returns `.none` and the downstream's demand is requested from the upstream; after a cancel
    // the clock is not read again.
    @Test func demandGoesUpAsRequestsAndCancelStopsClockReads() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>(demandPerValue: .max(1))
        upstream.measureInterval(using: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        scheduler.advance(to: 4)
        #expect(upstream.send(1) == .none)
        #expect(subscriber.values == [.seconds(4)])
        #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(1))])
        subscriber.subscription?.cancel()
        _ = upstream.send(2)
        #expect(scheduler.calls == [.now, .now])
    }

    // Combine (OpenCombine MeasureIntervalTests.testMeasureIntervalCancelBeforeSubscription): a cancel before the
    // subscription arrived does nothing.
    @Test func cancelBeforeSubscriptionIsIgnored() {
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<CombineTestScheduler.SchedulerTimeType.Stride, Never>()
        upstream.measureInterval(using: CallRecordingScheduler()).subscribe(subscriber)
        upstream.inner?.cancel()
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [])
        #expect(subscriber.subscription != nil)
    }
}
