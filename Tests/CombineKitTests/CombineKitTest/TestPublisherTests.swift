import CombineKit
import CombineKitTest
import Testing

@Suite struct TestPublisherTests {
    @Test func coldPublisherPlaysRelativeToSubscriptionAndWaitsForDemand() {
        let scheduler = CombineTestScheduler()
        let publisher = TestPublisher<String, Never>.cold(scheduler, [.value(10, "a"), .value(20, "b"), .finished(30)])
        scheduler.advance(to: 100)
        let subscriber = TestSubscriber<String, Never>(scheduler: scheduler, initialDemand: .max(1))
        publisher.subscribe(subscriber)
        scheduler.advance(to: 140)
        subscriber.request(.max(1))
        scheduler.run()
        #expect(subscriber.events == [.subscription(100), .value(110, "a"), .value(140, "b"), .finished(140)])
        #expect(publisher.subscriptions == [.init(subscribed: 100, requests: [.init(time: 100, demand: .max(1)), .init(time: 140, demand: .max(1))])])
    }

    @Test func hotPublisherPlaysAtAbsoluteTimesAndDropsWithoutDemand() {
        let scheduler = CombineTestScheduler()
        let publisher = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .value(20, 2), .value(30, 3), .failure(40, .oops)])
        scheduler.advance(to: 15)
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(1))
        publisher.subscribe(subscriber)
        scheduler.advance(to: 25)
        subscriber.request(.max(1))
        scheduler.run()
        #expect(subscriber.events == [.subscription(15), .value(20, 2), .value(30, 3), .failure(40, .oops)])
    }

    @Test func recordsCancellationTime() {
        let scheduler = CombineTestScheduler()
        let publisher = TestPublisher<Int, Never>.cold(scheduler, [.value(10, 1)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        publisher.subscribe(subscriber)
        scheduler.advance(to: 5)
        subscriber.cancel()
        scheduler.run()
        #expect(publisher.subscriptions[0].cancelled == 5)
        #expect(subscriber.events == [.subscription(0), .cancellation(5)])
    }
}
