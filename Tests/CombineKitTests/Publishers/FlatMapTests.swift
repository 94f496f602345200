import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct FlatMapTests {
    @Test func flattensAllInnerPublishers() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.flatMap { value in [value, value * 10].publisher }.subscribe(subscriber)
        #expect(subscriber.values == [1, 10, 2, 20, 3, 30])
        #expect(subscriber.completion == .finished)
    }

    @Test func maxPublishersLimitsUpstreamDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.flatMap(maxPublishers: .max(1)) { value in
            TestPublisher<Int, Never>.cold(scheduler, [.value(10, value), .finished(10)])
        }.subscribe(subscriber)
        scheduler.run()
        // One inner at a time: the next upstream element is requested when the inner finishes.
        #expect(subscriber.events == [.subscription(0), .value(11, 1), .value(21, 2), .value(31, 3), .finished(31)])
        #expect(upstream.subscriptions[0].requests.map(\.demand) == [.max(1), .max(1), .max(1)])
    }

    // Combine delivers every inner value as the demand returned from `receive(_:)` allows (OpenCombine's
    // FlatMapTests.testFlatMapOneByOne records Combine's output for this pattern).
    @Test func demandReturnedFromReceiveReachesTheInnerPublishers() {
        struct Failed: Error {}
        let subject = PassthroughSubject<Int, Failed>()
        let subscriber = ManualSubscriber<Int, Failed>(demandPerValue: .max(1))
        subject.flatMap { [$0, $0 + 100].publisher.setFailureType(to: Failed.self) }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1, 101, 2, 102])
        #expect(subscriber.completions.count == 1)
    }

    @Test func limitedDownstreamDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        [1, 2].publisher.flatMap { value in [value, value, value].publisher }.subscribe(subscriber)
        #expect(subscriber.values == [1, 1, 1])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func innerFailureFailsAndCancel() {
        let subscriber = TestSubscriber<Int, TestError>()
        let upstream = PassthroughSubject<Int, TestError>()
        upstream.flatMap { _ in Fail<Int, TestError>(error: .oops) }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let cancelled = TestSubscriber<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        other.flatMap { _ in inner }.subscribe(cancelled)
        other.send(1)
        inner.send(5)
        cancelled.cancel()
        inner.send(6)
        #expect(cancelled.values == [5])
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: flatMap

    @Test func flatMapOfJustGivesALimitedSubscriberExactlyItsDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        subject.flatMap { Just($0 * 10) }.subscribe(subscriber)
        for value in 1...10 { subject.send(value) }
        #expect(subscriber.values == [10, 20, 30])
        subscriber.request(.max(2))
        #expect(subscriber.values.count == 5)
        #expect(subscriber.demandViolations == 0)
        subject.send(completion: .finished)
        // The request reached every waiting inner; five of their values wait in the buffer for demand,
        // and the completion waits behind them.
        #expect(subscriber.completion == nil)
        subscriber.request(.unlimited)
        #expect(Set(subscriber.values) == Set((1...10).map { $0 * 10 }))
        #expect(subscriber.completion == .finished)
    }

    @Test func flatMapHandlesAValueArrivingWhileAnInnerCompletes() {
        // The subscriber sends the next outer value from inside the delivery of an inner value: the new
        // inner subscribes while the previous inner has delivered but not yet completed.
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value < 5 { subject.send(value + 1) }
        })
        subject.flatMap { Just($0) }.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        subject.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func flatMapReusesSlotsAndStillTracksLongLivedInners() {
        // Inner subjects outlive many `Just` inners whose slots are freed and reused.
        let outer = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.flatMap { index -> AnyPublisher<Int, Never> in
            index < 0 ? inners[-index - 1].eraseToAnyPublisher() : Just(index).eraseToAnyPublisher()
        }.subscribe(subscriber)
        outer.send(-1)
        for value in 1...3 { outer.send(value) }
        outer.send(-2)
        for value in 4...6 { outer.send(value) }
        inners[0].send(100)
        inners[1].send(200)
        outer.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(subscriber.completion == nil)
        inners[1].send(201)
        inners[1].send(completion: .finished)
        #expect(subscriber.values == [1, 2, 3, 4, 5, 6, 100, 200, 201])
        #expect(subscriber.completion == .finished)
    }

    @Test func flatMapCancelledMidDeliveryDeliversNothingMore() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value == 2 { subscriber.cancel() }
        })
        subject.flatMap { Just($0) }.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subject.send(completion: .finished)
        #expect(subscriber.completion == nil)
        subscriber = nil
    }

    @Test func flatMapCancelledMidDeliveryReleasesTheSink() {
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token(0)
            weakToken = token
            cancellable = subject.flatMap { Just($0) }.sink { value in
                received.append(value + token.value)
                if value == 2 { cancellable?.cancel() }
            }
        }
        for value in 1...4 { subject.send(value) }
        #expect(received == [1, 2])
        cancellable = nil
        #expect(weakToken == nil)
    }

    @Test func flatMapFailureOfAnInnerCancelsTheOthersAndFailsOnce() {
        let outer = PassthroughSubject<Int, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        outer.flatMap { value -> AnyPublisher<Int, TestError> in
            value == 0 ? inner.eraseToAnyPublisher() : Fail(error: TestError.oops).eraseToAnyPublisher()
        }.subscribe(subscriber)
        outer.send(0)
        inner.send(1)
        outer.send(1)
        inner.send(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.oops))
    }

    @Test func flatMapWithMaxPublishersAsksForOneMoreOuterValuePerFinishedInner() {
        let outer = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.handleEvents(receiveRequest: { requests.append($0) })
            .flatMap(maxPublishers: .max(2)) { Just($0) }
            .subscribe(subscriber)
        outer.send(1)
        outer.send(2)
        #expect(subscriber.values == [1, 2])
        #expect(requests == [.max(2), .max(1), .max(1)])
    }
}
