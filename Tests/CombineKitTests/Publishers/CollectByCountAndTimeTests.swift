import CombineKit
import CombineKitTest
import Testing

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

    // Combine's collect(_:) ignores cancel() before its subscription arrived (only the upstream holds it then)
    // and asks the late subscription for nothing itself (OpenCombine CollectByCountTests).
    @Test func collectByCountIgnoresCancelBeforeTheSubscription() throws {
        let (late, subscriber) = try cancelThenSubscribeLate { $0.collect(2) }
        #expect(late.events == [])
        subscriber.subscription?.request(.max(1))
        #expect(late.events == [.requested(.max(2))])
    }

    // Combine: collect(_:) passes on a completion that comes before its subscription, and cancels a
    // subscription that arrives after it (OpenCombine CollectByCountTests,
    // testCollectByCountReceiveCompletionBeforeSubscription).
    @Test func collectByCountPassesOnACompletionBeforeTheSubscription() {
        let (late, subscriber) = completeThenSubscribeLate { $0.collect(3) }
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.values.isEmpty)
        #expect(late.events == [.cancelled])
        #expect(subscriber.subscription == nil)
        let failed = completeThenSubscribeLate(.failure(.oops)) { $0.collect(3) }
        #expect(failed.subscriber.completions == [.failure(.oops)])
        #expect(failed.late.events == [.cancelled])
    }

    // Deliberate difference: Combine's collect(_:) passes on a completion an ill-behaved upstream sends after
    // its end or after a cancel (OpenCombine CollectByCountTests.testCancelThenFinish); CombineKit drops it.
    @Test func collectByCountDropsEventsAfterTheEnd() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<[Int], TestError>()
        upstream.collect(2).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        _ = upstream.send(1)
        subscriber.subscription?.cancel()
        upstream.send(completion: .finished)
        #expect(subscriber.values == [] && subscriber.completions == [])
        let finished = ManualPublisher<Int, TestError>()
        let twice = ManualSubscriber<[Int], TestError>()
        finished.collect(2).subscribe(twice)
        finished.send(completion: .finished)
        finished.send(completion: .failure(.oops))
        #expect(twice.completions == [.finished])
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
