import CombineKit
import CombineKitTest
import Testing

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
