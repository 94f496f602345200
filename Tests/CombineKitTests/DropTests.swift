import CombineKit
import CombineKitTest
import Testing

@Suite struct DropTests {
    @Test func dropFirstSkipsCountAndRequestsExtraUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .value(4, 4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.dropFirst(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(3, 3)])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(3))])
    }

    @Test func dropFirstForwardsCompletionFailureAndCancel() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().dropFirst().subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 3), .finished(0)])
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).dropFirst().subscribe(failing)
        #expect(failing.completion == .failure(.oops))
        let subject = PassthroughSubject<Int, Never>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.dropFirst(0).subscribe(cancelled)
        cancelled.cancel()
        subject.send(1)
        #expect(cancelled.values == [])
    }

    @Test func dropWhileThenPassesEverything() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 5, 1, 7].publisher.eraseToAnyPublisher().drop { $0 < 3 }.subscribe(subscriber)
        #expect(subscriber.values == [5, 1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [5, 1, 7])
        #expect(subscriber.completion == .finished)
    }

    @Test func tryDropWhileFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryDrop { _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [])
        #expect(subscriber.completion != nil)
    }

    @Test func dropUntilOutputFromOtherPublisher() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(2))
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        upstream.send(1)
        trigger.send(())
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        upstream.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 3), .finished(0)])
    }

    @Test func dropUntilOutputFailsWhenTriggerFails() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(completion: .failure(.oops))
        upstream.send(1)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func dropUntilOutputCancelStopsValues() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: Just(())).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        upstream.send(2)
        #expect(subscriber.values == [1])
    }
}

@Suite struct PrefixAndOutputTests {
    @Test func prefixTakesCountThenFinishesAndCancelsUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.prefix(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(2, 2), .finished(2)])
        #expect(upstream.subscriptions[0].cancelled == 2)
    }

    @Test func prefixWithLimitedDemandAndFailure() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.eraseToAnyPublisher().prefix(2).subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).prefix(2).subscribe(failing)
        #expect(failing.completion == .failure(.oops))
    }

    @Test func prefixZeroFinishesImmediately() {
        let subscriber = TestSubscriber<Int, Never>()
        PassthroughSubject<Int, Never>().prefix(0).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func anEmptyRangeOfASynchronousPublisherPublishesNothing() {
        // The subscriber's first request reaches the upstream during receive(subscription:); an empty range
        // must already have ended by then.
        let prefixed = SinkRecorder([1, 2, 3].publisher.eraseToAnyPublisher().prefix(0))
        #expect(prefixed.values == [])
        #expect(prefixed.completions == [.finished])
        let inEmptyRange = SinkRecorder(Just(1).eraseToAnyPublisher().output(in: 0..<0))
        #expect(inEmptyRange.values == [])
        #expect(inEmptyRange.completions == [.finished])
    }

    @Test func outputAtAndInRange() {
        #expect(SinkRecorder((10...20).publisher.eraseToAnyPublisher().output(at: 2)).values == [12])
        #expect(SinkRecorder((10...20).publisher.eraseToAnyPublisher().output(in: 1...3)).values == [11, 12, 13])
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        (10...20).publisher.eraseToAnyPublisher().output(in: 2..<5).subscribe(limited)
        #expect(limited.values == [12])
        #expect(limited.demandViolations == 0)
    }

    @Test func outputCancelStops() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.output(in: 0..<5).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }

    @Test func prefixWhileStopsAtFirstFailingElement() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 5, 1].publisher.eraseToAnyPublisher().prefix { $0 < 3 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.eraseToAnyPublisher().prefix { $0 < 3 }.subscribe(limited)
        #expect(limited.values == [1])
    }

    @Test func tryPrefixWhileFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryPrefix { _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [] && subscriber.completion != nil)
    }

    @Test func prefixUntilOutputFinishesOnTrigger() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        upstream.send(1)
        trigger.send(0)
        upstream.send(2)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
        let failing = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        let other = PassthroughSubject<Int, TestError>()
        other.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()).subscribe(failing)
        other.send(1)
        other.send(2)
        other.send(completion: .failure(.oops))
        #expect(failing.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
    }
}

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

@Suite struct CollectByCountAndTimeTests {
    @Test func collectByCountGroupsAndFlushesRemainder() {
        let subscriber = TestSubscriber<[Int], Never>()
        (1...5).publisher.eraseToAnyPublisher().collect(2).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, [1, 2]), .value(0, [3, 4]), .value(0, [5]), .finished(0)])
    }

    @Test func collectByCountAsksUpstreamForCountTimesDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .value(4, 4)])
        let subscriber = TestSubscriber<[Int], Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.collect(3).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [[1, 2, 3]])
        #expect(upstream.subscriptions[0].totalDemand == .max(3))
    }

    @Test func collectByCountDropsBufferOnFailureAndCancels() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<[Int], TestError>()
        subject.collect(2).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let other = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<[Int], TestError>()
        other.collect(1).subscribe(cancelled)
        cancelled.cancel()
        other.send(1)
        #expect(cancelled.values == [])
    }

    @Test func collectByTimeEmitsEveryInterval() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(1, 1), .value(2, 2), .value(12, 3), .value(35, 4), .finished(37)])
        let subscriber = TestSubscriber<[Int], Never>(scheduler: scheduler)
        upstream.collect(.byTime(scheduler, .seconds(10))).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, [1, 2]), .value(20, [3]), .value(37, [4]), .finished(37)])
    }

    @Test func collectByTimeOrCountEmitsWhenFull() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .value(15, 4)])
        let subscriber = TestSubscriber<[Int], Never>(scheduler: scheduler)
        upstream.collect(.byTimeOrCount(scheduler, .seconds(10), 2)).subscribe(subscriber)
        scheduler.advance(to: 30)
        // Full at 2 (restarts the interval: next tick at 12), then [3] at 12, then [4] at 22.
        #expect(subscriber.events == [.subscription(0), .value(2, [1, 2]), .value(12, [3]), .value(22, [4])])
        subscriber.cancel()
    }

    @Test func collectByTimeFailureAndLimitedDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(1, 1), .value(11, 2), .failure(25, .oops)])
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: scheduler, initialDemand: .max(1))
        upstream.collect(.byTime(scheduler, .seconds(10))).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, [1]), .failure(25, .oops)])
    }
}
