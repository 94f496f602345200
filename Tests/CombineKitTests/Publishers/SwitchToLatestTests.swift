import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct SwitchToLatestTests {
    @Test func switchesAndCancelsThePreviousInner() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, Never>.cold(scheduler, [.value(5, 1), .value(15, 2)])
        let second = TestPublisher<Int, Never>.cold(scheduler, [.value(5, 10), .finished(6)])
        let outer = TestPublisher<TestPublisher<Int, Never>, Never>.hot(scheduler, [.value(0, first), .value(10, second), .finished(12)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        outer.switchToLatest().subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(5, 1), .value(15, 10), .finished(16)])
        #expect(first.subscriptions[0].cancelled == 10)
    }

    @Test func newInnerGetsTheUnusedDemand() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        outer.send(a)
        a.send(1)
        outer.send(b)
        a.send(99)
        b.send(2)
        b.send(3)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func innerFailureFailsTheStream() {
        let outer = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(Fail(error: .oops).eraseToAnyPublisher())
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelStopsEverything() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(inner)
        inner.send(1)
        subscriber.cancel()
        inner.send(2)
        #expect(subscriber.values == [1])
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: switchToLatest

    @Test func switchToLatestOfJustGivesALimitedSubscriberExactlyItsDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.map { Just($0) }.switchToLatest().subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.values == [1, 2])
        // The waiting inner (5) replaced the earlier ones: one more demand gets the latest.
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 5])
        subject.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func switchToLatestFailureOfTheInnerFailsOnce() {
        let subject = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        subject.switchToLatest().subscribe(subscriber)
        subject.send(Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher())
        subject.send(Fail(error: TestError.other).eraseToAnyPublisher())
        subject.send(Just(2).setFailureType(to: TestError.self).eraseToAnyPublisher())
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.other))
    }
}

extension SwitchToLatestTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches the current inner publisher (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheCurrentInnerPublisher() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(1))
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        outer.send(inner)
        inner.send(1)
        inner.send(2)
        inner.send(3)
        #expect(subscriber.values == [1, 2, 3])
    }
}
