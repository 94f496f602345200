import CombineKit
import CombineKitTest
import Testing

@Suite struct MapTests {
    @Test func transformsValuesAndForwardsCompletion() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().map { $0 * 2 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 4), .value(0, 6), .finished(0)])
    }

    @Test func forwardsFailure() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).map { $0 + 1 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func forwardsLimitedDemandUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.map { $0 * 10 }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [10])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancelReachesUpstreamAndStopsValues() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.map { $0 }.subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }

    @Test func mapAfterMapFuses() {
        let fused: Publishers.Map<PassthroughSubject<Int, Never>, String> = PassthroughSubject<Int, Never>().map { $0 + 1 }.map { "\($0)" }
        let subscriber = TestSubscriber<String, Never>()
        fused.subscribe(subscriber)
        fused.upstream.send(1)
        #expect(subscriber.values == ["2"])
    }

    // Combine's map has no subscription of its own: the downstream holds the upstream's subscription,
    // so its requests and cancels reach the upstream directly (OpenCombine's MapTests, run against Apple's
    // Combine, see two `.cancelled` for two cancels of the downstream's subscription).
    @Test func downstreamHoldsTheUpstreamsSubscription() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        PassthroughSubject<Int, Never>().map { $0 }.subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "PassthroughSubject")
    }

    @Test func keyPathMapAndSetFailureTypeAlsoPassTheUpstreamsSubscription() {
        let keyPath = TestSubscriber<Int, Never>(initialDemand: .none)
        PassthroughSubject<String, Never>().map(\.count).subscribe(keyPath)
        #expect(String(describing: keyPath.subscription!) == "PassthroughSubject")
        let failureType = TestSubscriber<Int, TestError>(initialDemand: .none)
        PassthroughSubject<Int, Never>().setFailureType(to: TestError.self).subscribe(failureType)
        #expect(String(describing: failureType.subscription!) == "PassthroughSubject")
    }

    @Test func passThroughMapStopsAfterCancelAndHonoursDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        var transformed = 0
        subject.map { value -> Int in
            transformed += 1
            return value * 10
        }.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)  // beyond demand: dropped by the subject, never transformed
        #expect(subscriber.values == [10, 20])
        #expect(transformed == 2)
        subscriber.request(.max(5))
        subject.send(4)
        subscriber.cancel()
        subscriber.cancel()  // idempotent
        subject.send(5)
        subject.send(completion: .finished)
        #expect(subscriber.values == [10, 20, 40])
        #expect(transformed == 3)
        #expect(subscriber.completion == nil)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func passThroughMapStopsWhenASinkCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { received.append($0) })
        let mapped = subject.map { $0 + 1 }
        mapped.subscribe(sink)
        subject.send(1)
        #expect(received == [2])
        sink.cancel()
        subject.send(2)
        #expect(received == [2])
    }

    @Test func tryMapFailsWithThrownErrorAndCancelsUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3)])
        let subscriber = TestSubscriber<Int, Error>(scheduler: scheduler)
        upstream.tryMap { value -> Int in
            if value == 2 { throw TestError.oops }
            return value
        }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.events.count == 3)
        if case .failure(let error)? = subscriber.completion { #expect(error as? TestError == .oops) } else { Issue.record("expected failure") }
        #expect(upstream.subscriptions[0].cancelled == 2)
    }

    // Combine: tryMap ignores a cancel before its upstream subscription arrived and accepts that subscription
    // when it comes (OpenCombine MapTests, testTryMapCancelBeforeSubscription); a cancel from the downstream,
    // which holds the subscription, cancels the upstream and lets it go.
    @Test func tryMapIgnoresACancelBeforeItsSubscription() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.tryMap { $0 } }
    }

    // Deliberate difference (MigrationGuide): Combine's tryMap passes on what an ill-behaved upstream sends
    // after a thrown error, after cancel or before its subscription (a value); CombineKit drops it.
    @Test func tryMapDropsWhatAnUpstreamSendsAfterTheEnd() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Error>(demandPerValue: .max(1))
        upstream.tryMap { value -> Int in
            if value == 100 { throw TestError.oops }
            return value * 2
        }.subscribe(subscriber)
        try #require(subscriber.subscription).request(.unlimited)
        _ = upstream.send(2)
        _ = upstream.send(100)
        #expect(upstream.send(9) == Subscribers.Demand.none)
        upstream.send(completion: .finished)
        #expect(subscriber.values == [4])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    }

    @Test func tryMapWithLimitedDemand() {
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        [1, 2].publisher.tryMap { $0 }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }

    @Test func mapErrorTransformsFailure() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).mapError { _ in TestError.other }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .other)])
        let limited = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self).mapError { $0 }.subscribe(limited)
        #expect(limited.values == [1])
    }

    @Test func replaceNilSubstitutes() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, nil, 3].publisher.replaceNil(with: 0).subscribe(subscriber)
        #expect(subscriber.values == [1, 0, 3])
    }

    @Test func scanPublishesIntermediateResults() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        PassthroughSubjectDriver.send([1, 2, 3], through: { $0.scan(0, +) }, to: subscriber)
        #expect(subscriber.values == [1, 3])
    }

    @Test func tryScanFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2, 3].publisher.tryScan(0) { acc, value in
            if value == 3 { throw TestError.oops }
            return acc + value
        }.subscribe(subscriber)
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.events.count == 4)
    }

    @Test func setFailureTypeKeepsValuesAndCompletion() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        [1, 2].publisher.eraseToAnyPublisher().setFailureType(to: TestError.self).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1)])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
    }

    @Test func keyPathMaps() {
        struct Point { var x: Int; var y: Int; var z: Int }
        let points = [Point(x: 1, y: 2, z: 3)].publisher
        #expect(SinkRecorder(points.map(\.x)).values == [1])
        #expect(SinkRecorder(points.map(\.x, \.y)).values.map { [$0.0, $0.1] } == [[1, 2]])
        #expect(SinkRecorder(points.map(\.x, \.y, \.z)).values.map { [$0.0, $0.1, $0.2] } == [[1, 2, 3]])
    }
}
