import CombineKit
import CombineKitTest
import Testing

@Suite struct FirstLastTests {
    @Test func firstPublishesFirstAndCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.first().subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
    }

    @Test func firstWaitsForDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [5, 6].publisher.first().subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.values == [5])
    }

    @Test func firstWhereAndTryFirstWhere() {
        #expect(SinkRecorder([1, 2, 3].publisher.first { $0 > 1 }).values == [2])
        #expect(SinkRecorder([1].publisher.first { $0 > 1 }).completions == [.finished])
        let failing = TestSubscriber<Int, Error>()
        [1].publisher.tryFirst { _ in throw TestError.oops }.subscribe(failing)
        #expect(failing.values == [] && failing.completion != nil)
    }

    @Test func lastAndLastWhere() {
        #expect(SinkRecorder([1, 2, 3].publisher.last()).values == [3])
        #expect(SinkRecorder([1, 2, 3].publisher.last { $0 < 3 }).values == [2])
        let failing = TestSubscriber<Int, Error>()
        [1].publisher.tryLast { _ in throw TestError.oops }.subscribe(failing)
        #expect(failing.values == [] && failing.completion != nil)
    }

    @Test func lastForwardsFailureAndCancel() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        subject.last().subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let cancelled = TestSubscriber<Int, TestError>()
        let other = PassthroughSubject<Int, TestError>()
        other.last().subscribe(cancelled)
        other.send(1)
        cancelled.cancel()
        other.send(completion: .finished)
        #expect(cancelled.values == [])
    }
}
