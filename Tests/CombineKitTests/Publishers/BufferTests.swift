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

    // Combine: with `.byRequest` the buffer asks the upstream for `.unlimited` at subscription and buffers
    // what the downstream has not asked for (OpenCombine BufferTests).
    @Test func byRequestRequestsUnlimitedUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
        subscriber.request(.max(1))
        scheduler.run()
        #expect(subscriber.values == [1, 2])
    }

    // Combine: the upstream is asked before the downstream gets its subscription; `.keepFull` returns one
    // more from `receive(_:)` for each element delivered at once (OpenCombine BufferTests).
    @Test func keepFullAsksBeforeSubscribingDownstreamAndRefillsFromReceive() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.buffer(size: 3, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        #expect(upstream.subscription.events == [.requested(.max(3))])
        #expect(upstream.send(1) == .none)
        subscriber.subscription?.request(.max(2))
        #expect(subscriber.values == [1])
        #expect(upstream.subscription.events == [.requested(.max(3)), .requested(.max(1))])
        #expect(upstream.send(2) == .max(1))
        #expect(subscriber.values == [1, 2])
    }

    // Combine accepts a buffer of size 0: nothing is held, elements without demand are dropped.
    @Test func sizeZeroIsAccepted() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.buffer(size: 0, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        #expect(upstream.send(1) == .none)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [])
    }

    // Deliberate difference: Combine's `.keepFull` buffer of size 0 requests `.max(0)` upstream; CombineKit
    // requests nothing, since most publishers trap on `request(.none)`.
    @Test func keepFullOfSizeZeroRequestsNothing() {
        let upstream = ManualPublisher<Int, TestError>()
        upstream.buffer(size: 0, prefetch: .keepFull, whenFull: .dropNewest).subscribe(ManualSubscriber<Int, TestError>())
        #expect(upstream.subscription.events == [])
    }

    // Combine: a finished upstream is delivered once the downstream has demand, after the buffer; a failure
    // is delivered at once while the downstream has no demand (OpenCombine BufferTests).
    @Test func completionTiming() {
        let finishing = ManualPublisher<Int, TestError>()
        let waiting = ManualSubscriber<Int, TestError>()
        finishing.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(waiting)
        _ = finishing.send(1)
        finishing.send(completion: .finished)
        #expect(waiting.completions.isEmpty)
        waiting.subscription?.request(.max(1))
        #expect(waiting.values == [1] && waiting.completions.isEmpty)
        waiting.subscription?.request(.max(1))
        #expect(waiting.completions == [.finished])

        let failing = ManualPublisher<Int, TestError>()
        let failed = ManualSubscriber<Int, TestError>()
        failing.buffer(size: 3, prefetch: .byRequest, whenFull: .dropOldest).subscribe(failed)
        _ = failing.send(1)
        failing.send(completion: .failure(.oops))
        #expect(failed.values == [] && failed.completions == [.failure(.oops)])
    }

    // Deliberate difference: Combine delivers a failure that arrives while the buffer is handing out elements
    // at once and then goes on with the elements (values after the failure); CombineKit delivers it after them.
    @Test func failureDuringDeliveryComesAfterTheElementsInFlight() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        subscriber.onValue = { _ in upstream.send(completion: .failure(.oops)) }
        for value in 1...3 { _ = upstream.send(value) }
        subscriber.subscription?.request(.max(3))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completions == [.failure(.oops)])
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
        // Combine: the buffered elements go out before the custom error (OpenCombine BufferTests).
        let failed = flood(Publishers.BufferingStrategy<TestError>.customError { .oops })
        #expect(failed.events == [.subscription(0), .value(0, 1), .value(0, 2), .failure(0, .oops)])
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
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .failure(0, .oops)])
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
