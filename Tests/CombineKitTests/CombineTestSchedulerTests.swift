import CombineKit
import CombineKitTest
import Testing

@Suite struct CombineTestSchedulerTests {
    @Test func runsActionsInTimeOrderWhenAdvanced() {
        let scheduler = CombineTestScheduler()
        var log: [String] = []
        scheduler.schedule(after: scheduler.time(20)) { log.append("b@\(scheduler.clockTicks)") }
        scheduler.schedule(after: scheduler.time(10)) { log.append("a@\(scheduler.clockTicks)") }
        scheduler.schedule(after: scheduler.time(20)) { log.append("c@\(scheduler.clockTicks)") }
        scheduler.advance(to: 15)
        #expect(log == ["a@10"])
        #expect(scheduler.clockTicks == 15)
        scheduler.advance(by: 5)
        #expect(log == ["a@10", "b@20", "c@20"])
    }

    @Test func immediateScheduleWaitsForAdvance() {
        let scheduler = CombineTestScheduler()
        var ran = false
        scheduler.schedule { ran = true }
        #expect(!ran)
        scheduler.advance()
        #expect(ran)
    }

    @Test func strideConvertsSecondsIntoTicksWithResolution() {
        let scheduler = CombineTestScheduler(resolution: 0.001)
        var firedAt: Int?
        scheduler.schedule(after: scheduler.now.advanced(by: .seconds(2))) { firedAt = scheduler.clockTicks }
        scheduler.run()
        #expect(firedAt == 2_000)
        #expect(scheduler.time(0).distance(to: scheduler.time(500)) == .milliseconds(500))
        #expect(scheduler.time(0).advanced(by: 0.25).ticks == 250)
    }

    @Test func repeatingActionsUntilCancelled() {
        let scheduler = CombineTestScheduler()
        var times: [Int] = []
        let cancellable = scheduler.schedule(after: scheduler.time(10), interval: .seconds(5)) { times.append(scheduler.clockTicks) }
        scheduler.advance(to: 21)
        cancellable.cancel()
        scheduler.advance(to: 100)
        #expect(times == [10, 15, 20])
    }
}

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
