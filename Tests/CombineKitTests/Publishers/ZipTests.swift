import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct ZipTests {
    @Test func pairsElementsInOrder() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let subscriber = TestSubscriber<String, Never>()
        a.zip(b) { "\($0)\($1)" }.subscribe(subscriber)
        a.send(1)
        a.send(2)
        b.send("a")
        b.send("b")
        b.send("c")
        #expect(subscriber.values == ["1a", "2b"])
    }

    @Test func finishesWhenAFinishedUpstreamIsExhausted() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        a.zip(b).map { $0 + $1 }.subscribe(subscriber)
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        #expect(subscriber.completion == nil)
        b.send(10)
        #expect(subscriber.completion == nil)
        b.send(20)
        #expect(subscriber.events == [.subscription(0), .value(0, 11), .value(0, 22), .finished(0)])
    }

    @Test func forwardsDownstreamDemandToEachUpstream() {
        let scheduler = CombineTestScheduler()
        let a = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2)])
        let b = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 3), .value(2, 4)])
        let subscriber = TestSubscriber<(Int), Never>(scheduler: scheduler, initialDemand: .max(1))
        a.zip(b) { $0 * $1 }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [3])
        #expect(a.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
        #expect(b.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
    }

    @Test func failureAndCancel() {
        let a = PassthroughSubject<Int, TestError>()
        let b = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        a.zip(b, b) { x, _, _ in x }.subscribe(subscriber)
        b.send(completion: .failure(.oops))
        a.send(1)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let c = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<(Int), TestError>()
        c.zip(c, c, c) { w, x, y, z in w + x + y + z }.subscribe(cancelled)
        c.send(1)
        cancelled.cancel()
        c.send(2)
        #expect(cancelled.values == [4])
    }
}

extension ZipTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches every upstream (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheUpstreams() {
        let values = valuesUnderOneByOneDemand({ $0.zip($1) { $0 * 10 + $1 }.eraseToAnyPublisher() }, sending: [(0, 1), (1, 1), (0, 2), (1, 2)])
        #expect(values == [11, 22])
    }
}

extension ZipTests {
    // Combine's zip cancels every upstream when one fails, the failed one included (OpenCombine's
    // ZipTests.testBCancelledAfterAFailed).
    @Test func aFailureCancelsEveryUpstreamTheFailedOneIncluded() {
        let a = ManualPublisher<Int, TestError>()
        let b = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<(Int, Int), TestError>()
        a.zip(b).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        a.send(completion: .failure(.oops))
        #expect(subscriber.completions.count == 1)
        #expect(a.subscription.events == [.requested(.unlimited), .cancelled])
        #expect(b.subscription.events == [.requested(.unlimited), .cancelled])
    }

    // Combine: demand the downstream adds while a combination is delivered goes to the upstream whose element
    // completed it as the return value of its receive(_:), to the others by request(_:) (OpenCombine's
    // ZipTests.testDownstreamDemandRequestedWhileSendingValue and testIncreasedDemand).
    @Test func demandAddedDuringDeliveryIsReturnedToTheUpstreamThatCompletedTheCombination() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        let requesting = ManualSubscriber<Int, Never>()
        requesting.onValue = { _ in requesting.subscription?.request(.max(666)) }
        a.zip(b) { $0 + $1 }.subscribe(requesting)
        requesting.subscription?.request(.max(10))
        #expect(a.send(1) == Subscribers.Demand.none)
        #expect(b.send(1) == .max(666))
        #expect(requesting.values == [2])
        #expect(a.subscription.events == [.requested(.max(10)), .requested(.max(666))])
        #expect(b.subscription.events == [.requested(.max(10))])

        let c = ManualPublisher<Int, Never>()
        let d = ManualPublisher<Int, Never>()
        let returning = ManualSubscriber<Int, Never>(demandPerValue: .max(1))
        c.zip(d) { $0 + $1 }.subscribe(returning)
        returning.subscription?.request(.max(1))
        #expect(d.send(1) == Subscribers.Demand.none)
        #expect(c.send(1) == .max(1))
        #expect(returning.values == [2])
    }

    // Deliberate difference (MigrationGuide): Combine's zip delivers combinations beyond the downstream's
    // demand when an upstream ignores it, and keeps its subscriber after cancel; CombineKit holds them until
    // demand comes and releases the subscriber.
    @Test func combinationsBeyondDemandWaitAndCancelReleasesTheSubscriber() {
        let a = ManualPublisher<Int, Never>()
        let b = ManualPublisher<Int, Never>()
        weak var released: ManualSubscriber<Int, Never>?
        do {
            let subscriber = ManualSubscriber<Int, Never>()
            released = subscriber
            a.zip(b) { $0 + $1 }.subscribe(subscriber)
            subscriber.subscription?.request(.max(1))
            _ = a.send(100)
            _ = b.send(1)
            _ = a.send(200)
            _ = a.send(300)
            _ = b.send(2)
            _ = b.send(3)
            #expect(subscriber.values == [101])
            subscriber.subscription?.request(.max(1))
            #expect(subscriber.values == [101, 202])
            subscriber.subscription?.cancel()
        }
        #expect(released == nil)
    }
}
