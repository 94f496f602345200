import CombineKit
import CombineKitTest
import Testing

@Suite struct CatchTests {
    @Test func replacesFailedPublisher() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops))
            .catch { _ in Just(99) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(0, 99), .finished(0)])
    }

    @Test func replacementGetsUnusedDemand() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .failure(2, .oops)])
        let second = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 2), .value(2, 3)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(2))
        first.catch { _ in second }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1, 2])
        #expect(second.subscriptions[0].requests == [.init(time: 2, demand: .max(1))])
    }

    @Test func finishedUpstreamIsNotReplacedAndCancelWorks() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).setFailureType(to: TestError.self).catch { _ in Just(2) }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        let subject = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.catch { _ in Just(2) }.subscribe(cancelled)
        cancelled.cancel()
        subject.send(completion: .failure(.oops))
        #expect(cancelled.values == [])
    }

    @Test func replacementFailureIsForwarded() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .other)])
    }

    @Test func tryCatchCanThrow() {
        let subscriber = TestSubscriber<Int, Error>()
        Fail<Int, TestError>(error: .oops).tryCatch { error -> Just<Int> in throw TestError.other }.subscribe(subscriber)
        if case .failure(let error)? = subscriber.completion { #expect(error as? TestError == .other) } else { Issue.record("expected failure") }
        let recovering = TestSubscriber<Int, Error>(initialDemand: .max(1))
        Fail<Int, TestError>(error: .oops).tryCatch { _ in [5, 6].publisher }.subscribe(recovering)
        #expect(recovering.values == [5])
    }
}
