import CombineKit
import CombineKitTest
import Testing

@Suite struct ConcatenateTests {
    @Test func appendAndPrependElements() {
        #expect(SinkRecorder(Just(2).append(3, 4).prepend(0, 1)).values == [0, 1, 2, 3, 4])
        #expect(SinkRecorder(Just(2).append([3]).prepend([1])).values == [1, 2, 3])
    }

    @Test func suffixGetsUnusedDemandOnlyAfterPrefixFinishes() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .finished(2)])
        let second = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 2), .value(2, 3), .finished(3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(2))
        first.append(second).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(3, 2)])
        #expect(second.subscriptions == [.init(subscribed: 2, requests: [.init(time: 2, demand: .max(1))])])
    }

    @Test func failureInPrefixSkipsSuffix() {
        let subscriber = TestSubscriber<Int, TestError>()
        var subscribedSuffix = false
        Fail<Int, TestError>(error: .oops).append(Deferred { () -> Empty<Int, TestError> in subscribedSuffix = true; return Empty() }).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        #expect(!subscribedSuffix)
    }

    @Test func cancelStopsBothParts() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.append(5).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
    }
}
