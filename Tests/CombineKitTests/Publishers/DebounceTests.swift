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
