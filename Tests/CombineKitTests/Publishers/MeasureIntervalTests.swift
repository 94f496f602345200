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
}
