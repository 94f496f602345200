import CombineKit
import CombineKitTest
import Testing

@Suite struct BufferTests {
    @Test func keepFullPrefetchesSizeAndRefills() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        scheduler.run()
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(2))])
        subscriber.request(.max(1))
        scheduler.run()
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(4, 1), .value(4, 2), .value(4, 3), .finished(4)])
    }

    @Test func byRequestForwardsDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
    }

    @Test func whenFullStrategies() {
        // A misbehaving upstream that ignores demand shows what happens when the buffer is full.
        func flood<Failure: Error>(_ strategy: Publishers.BufferingStrategy<Failure>) -> TestSubscriber<Int, Failure> {
            let subscriber = TestSubscriber<Int, Failure>(initialDemand: .none)
            let publisher = AnyPublisher<Int, Failure>(DemandIgnoringPublisher(values: [1, 2, 3]))
            publisher.buffer(size: 2, prefetch: .byRequest, whenFull: strategy).subscribe(subscriber)
            subscriber.request(.unlimited)
            return subscriber
        }
        #expect(flood(Publishers.BufferingStrategy<Never>.dropNewest).values == [1, 2])
        #expect(flood(Publishers.BufferingStrategy<Never>.dropOldest).values == [2, 3])
        let failed = flood(Publishers.BufferingStrategy<TestError>.customError { .oops })
        #expect(failed.events == [.subscription(0), .failure(0, .oops)])
    }

    /// The error factory is user code, so it may call back into the subscription (house rule: no lock held
    /// while calling user code; with the lock held this request deadlocked).
    @Test func customErrorFactoryMayCallBackIntoTheSubscription() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        let publisher = AnyPublisher<Int, TestError>(DemandIgnoringPublisher(values: [1, 2, 3]))
        publisher.buffer(size: 2, prefetch: .byRequest, whenFull: .customError {
            subscriber.request(.max(1))
            return .oops
        }).subscribe(subscriber)
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelStopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }
}
