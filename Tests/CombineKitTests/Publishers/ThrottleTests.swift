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
}
