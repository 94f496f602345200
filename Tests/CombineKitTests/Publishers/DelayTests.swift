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
}
