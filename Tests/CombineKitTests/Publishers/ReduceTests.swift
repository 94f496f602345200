import CombineKit
import CombineKitTest
import Testing

@Suite struct ReduceTests {
    @Test func collectEmitsAllValuesOnFinish() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .finished(3)])
        let subscriber = TestSubscriber<[Int], Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.collect().subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(3, [1, 2]), .finished(3)])
        // Combine's collect asks its upstream for unlimited elements.
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
    }

    @Test func collectResultWaitsForDemand() {
        let subscriber = TestSubscriber<[Int], Never>(initialDemand: .none)
        [1, 2].publisher.collect().subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, [1, 2]), .finished(0)])
    }

    @Test func collectForwardsFailureAndCancel() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<[Int], TestError>()
        subject.collect().subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let cancelled = TestSubscriber<[Int], TestError>()
        let other = PassthroughSubject<Int, TestError>()
        other.collect().subscribe(cancelled)
        cancelled.cancel()
        other.send(completion: .finished)
        #expect(cancelled.events == [.subscription(0), .cancellation(0)])
    }

    @Test func reduceAndTryReduce() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.reduce(10, +).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 16), .finished(0)])
        let failing = TestSubscriber<Int, Error>()
        [1, 2, 3].publisher.tryReduce(0) { acc, value in
            if value == 2 { throw TestError.oops }
            return acc + value
        }.subscribe(failing)
        #expect(failing.values == [])
        #expect(failing.events.count == 2)
    }

    @Test func ignoreOutputPassesCompletionOnly() {
        let subscriber = TestSubscriber<Never, TestError>(initialDemand: .max(1))
        let subject = PassthroughSubject<Int, TestError>()
        subject.ignoreOutput().subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.events.count == 2)
        #expect(subscriber.completion == .failure(.oops))
    }

    @Test func countCountsElements() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        (1...5).publisher.eraseToAnyPublisher().count().subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 5), .finished(0)])
    }

    @Test func minAndMax() {
        #expect(SinkRecorder([3, 1, 2].publisher.min()).values == [1])
        #expect(SinkRecorder([3, 1, 2].publisher.max()).values == [3])
        #expect(SinkRecorder(["bb", "a", "ccc"].publisher.max { $0.count < $1.count }).values == ["ccc"])
        #expect(SinkRecorder(["bb", "a", "ccc"].publisher.min { $0.count < $1.count }).values == ["a"])
        #expect(SinkRecorder(Empty<Int, Never>().max()).values == [])
        #expect(SinkRecorder(Empty<Int, Never>().max()).completions == [.finished])
    }

    @Test func tryMinFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryMin { _, _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [])
        #expect(subscriber.completion != nil)
        let limited = TestSubscriber<Int, Error>(initialDemand: .max(1))
        [2, 1].publisher.tryMax { $0 < $1 }.subscribe(limited)
        #expect(limited.values == [2])
    }

    @Test func containsFinishesEarlyAndCancelsUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3)])
        let subscriber = TestSubscriber<Bool, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.contains(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(2, true), .finished(2)])
        #expect(upstream.subscriptions[0].cancelled == 2)
    }

    @Test func containsPublishesFalseWhenAbsent() {
        #expect(SinkRecorder([1, 2].publisher.contains(5)).values == [false])
        #expect(SinkRecorder([1, 2].publisher.contains { $0 > 1 }).values == [true])
        let failing = TestSubscriber<Bool, Error>()
        [1].publisher.tryContains { _ in throw TestError.oops }.subscribe(failing)
        #expect(failing.completion != nil && failing.values == [])
    }

    @Test func allSatisfy() {
        #expect(SinkRecorder([2, 4].publisher.allSatisfy { $0.isMultiple(of: 2) }).values == [true])
        #expect(SinkRecorder([2, 3, 4].publisher.allSatisfy { $0.isMultiple(of: 2) }).values == [false])
        let failing = TestSubscriber<Bool, Error>()
        [1].publisher.tryAllSatisfy { _ in throw TestError.oops }.subscribe(failing)
        #expect(failing.completion != nil && failing.values == [])
        let upstreamFailure = TestSubscriber<Bool, TestError>()
        Fail<Int, TestError>(error: .oops).allSatisfy { _ in true }.subscribe(upstreamFailure)
        #expect(upstreamFailure.events == [.subscription(0), .failure(0, .oops)])
    }

    // Combine's reducing operators ignore `cancel()` before their subscription arrived (only the upstream
    // holds them then) and request `.unlimited` from the late subscription (OpenCombine ReduceTests,
    // FirstTests, CollectTests: "CancelBeforeSubscription").
    @Test func cancelBeforeTheSubscriptionIsIgnored() throws {
        let reducers: [(String, (LateSubscriptionPublisher<Int, Never>) -> AnyPublisher<Int, Never>)] = [
            ("reduce", { $0.reduce(0, +).eraseToAnyPublisher() }), ("first", { $0.first().eraseToAnyPublisher() }),
            ("count", { $0.count().eraseToAnyPublisher() }), ("min", { $0.min().eraseToAnyPublisher() }),
            ("collect", { $0.collect().map(\.count).eraseToAnyPublisher() }),
        ]
        for (name, make) in reducers {
            let (late, subscriber) = try cancelThenSubscribeLate(make)
            #expect(late.events == [.requested(.unlimited)], "\(name)")
            #expect(subscriber.subscription != nil, "\(name)")
        }
    }
}
