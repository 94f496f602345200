import CombineKit
import CombineKitTest
import Testing

@Suite struct FutureTests {
    @Test func runsClosureEagerlyOnce() {
        var runs = 0
        let future = Future<Int, Never> { promise in runs += 1; promise(.success(1)) }
        #expect(runs == 1)
        #expect(SinkRecorder(future).values == [1])
        #expect(SinkRecorder(future).values == [1])
        #expect(runs == 1)
    }

    @Test func deliversLaterResultToWaitingSubscribersAndIgnoresSecondPromise() {
        var fulfil: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfil = $0 }
        let subscriber = TestSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        #expect(subscriber.values == [])
        fulfil?(.success(3))
        fulfil?(.success(4))
        #expect(subscriber.events == [.subscription(0), .value(0, 3), .finished(0)])
    }

    @Test func valueWaitsForDemand() {
        let future = Future<Int, Never> { $0(.success(1)) }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        future.subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
    }

    @Test func failureIsDeliveredWithoutDemand() {
        let future = Future<Int, TestError> { $0(.failure(.oops)) }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        future.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelledSubscriberGetsNothing() {
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        let subscriber = TestSubscriber<Int, Never>()
        future.subscribe(subscriber)
        subscriber.cancel()
        fulfil?(.success(1))
        #expect(subscriber.values == [])
    }
}
