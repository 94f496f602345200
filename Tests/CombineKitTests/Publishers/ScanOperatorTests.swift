import CombineKit
import CombineKitTest
import Testing

/// The generic `scan`/`tryScan` (`Publishers.Scan`/`Publishers.TryScan`), whose inner keeps the accumulated
/// value and handles a thrown error out of line.
@Suite struct ScanOperatorTests {
    @Test func accumulatesAndPassesDemandThrough() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(2))
        upstream.scan(10, +).subscribe(subscriber)
        scheduler.advance(to: 2)
        #expect(subscriber.values == [11, 13])
        subscriber.request(.max(5))
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 11), .value(2, 13), .value(3, 16), .finished(4)])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(2)), .init(time: 2, demand: .max(5))])
    }

    @Test func anUpstreamFailureIsForwarded() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .failure(2, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.scan(0, +).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .failure(2, .oops)])
    }

    @Test func aThrownErrorCancelsTheUpstreamAndFailsOnce() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, Error>(scheduler: scheduler)
        upstream.tryScan(0) { total, value in
            if value == 2 { throw TestError.oops }
            return total + value
        }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.events.count == 3)
        guard case .failure(2, let error)? = subscriber.events.last else {
            Issue.record("expected a failure at 2, got \(subscriber.events)")
            return
        }
        #expect(error as? TestError == .oops)
        #expect(upstream.subscriptions[0].cancelled == 2)
    }

    @Test func cancelStopsTheAccumulation() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.scan(0, +).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }

    // Combine's tryScan ignores cancel() before its subscription arrived (only the upstream holds it then);
    // the late subscription reaches the downstream (OpenCombine ScanTests.testTryScanCancelBeforeSubscription).
    @Test func tryScanIgnoresCancelBeforeTheSubscription() throws {
        let (late, subscriber) = try cancelThenSubscribeLate { $0.tryScan(0, +) }
        #expect(late.events == [])
        #expect(subscriber.subscription != nil)
    }

    // Deliberate difference: Combine's tryScan passes on values an ill-behaved upstream sends after its
    // completion (OpenCombine ScanTests.testTryScanSuccess); CombineKit drops them.
    @Test func tryScanDropsValuesAfterTheEnd() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Error>(demandPerValue: .max(1))
        upstream.tryScan(0, +).subscribe(subscriber)
        upstream.send(completion: .finished)
        #expect(upstream.send(2) == .none)
        #expect(subscriber.values == [] && subscriber.completions.count == 1)
    }
}
