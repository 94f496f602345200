import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct CombineLatestTests {
    @Test func publishesLatestCombinationOnceAllHaveProduced() {
        let scheduler = CombineTestScheduler()
        let a = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(30, 2), .finished(50)])
        let b = TestPublisher<String, Never>.hot(scheduler, [.value(20, "x"), .value(40, "y"), .finished(60)])
        let subscriber = TestSubscriber<String, Never>(scheduler: scheduler)
        a.combineLatest(b) { "\($0)\($1)" }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(20, "1x"), .value(30, "2x"), .value(40, "2y"), .finished(60)])
    }

    // Apple's behaviour per OpenCombine CombineLatestTests.testDelayedFinishWhenOneChildFinishesWithSurplus and testBValueAfterAChildFinishedWithoutSurplus (run against Combine): finishes only once every upstream has finished.
    @Test func upstreamFinishingWithoutProducingDoesNotFinishUntilAllHaveFinished() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        a.combineLatest(b) { $0 + $1 }.subscribe(subscriber)
        a.send(1)
        b.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0)])
        a.send(2)
        #expect(subscriber.events == [.subscription(0)])
        a.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    // Each upstream is asked for the downstream's demand; a combination produced without demand waits for it.
    @Test func combinationWaitsForDemandAndUpstreamsGetOnlyDownstreamDemand() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        a.combineLatest(b).map { $0 * 10 + $1 }.subscribe(subscriber)
        a.send(1)
        b.send(1)
        a.send(2)
        b.send(2)  // b still had one demand: (2, 2) is produced but must wait
        a.send(3)  // a used its demand of 2: the subject drops this value
        #expect(subscriber.values == [11, 21])
        subscriber.request(.max(1))
        #expect(subscriber.values == [11, 21, 22])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func threeAndFourUpstreamsFailureAndCancel() {
        let a = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        a.combineLatest(a, a) { $0 + $1 + $2 }.subscribe(subscriber)
        a.send(1)
        a.send(completion: .failure(.oops))
        #expect(subscriber.events == [.subscription(0), .value(0, 3), .failure(0, .oops)])
        let b = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<Int, TestError>()
        b.combineLatest(b, b, b) { $0 + $1 + $2 + $3 }.subscribe(cancelled)
        b.send(1)
        cancelled.cancel()
        b.send(2)
        #expect(cancelled.values == [4])
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: combineLatest

    @Test func combineLatestKeepsOnlyTheNewestCombinationWhileThereIsNoDemand() {
        // The downstream's demand is also forwarded to each subject (which drop values sent without
        // demand), so the upstreams together can produce more combinations than the downstream asked for.
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let subscriber = TestSubscriber<String, Never>(initialDemand: .max(2))
        a.combineLatest(b) { "\($0)\($1)" }.subscribe(subscriber)
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")  // beyond the downstream's demand: waits
        #expect(subscriber.values == ["1x", "2x"])
        subscriber.request(.max(1))
        #expect(subscriber.values == ["1x", "2x", "2y"])
        a.send(3)  // waits
        b.send("z")  // replaces the waiting "3y"
        #expect(subscriber.values == ["1x", "2x", "2y"])
        subscriber.request(.max(1))
        #expect(subscriber.values == ["1x", "2x", "2y", "3z"])
        a.send(completion: .finished)
        #expect(subscriber.completion == nil)
        b.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func combineLatestCancelledMidDeliveryStopsAndFourWayCombinesInOrder() {
        let source = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value == 3_111 { subscriber.cancel() }
        })
        Just(1).combineLatest(Just(10), Just(100), source) { $0 + $1 + $2 + $3 * 1_000 }
            .subscribe(subscriber)
        for value in 0...5 { source.send(value) }
        #expect(subscriber.values == [111, 1_111, 2_111, 3_111])
        #expect(subscriber.completion == nil)
        subscriber = nil
    }

    @Test func combineLatestFailureCancelsTheOtherUpstream() {
        let a = PassthroughSubject<Int, TestError>()
        var bCancelled = false
        let b = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        a.combineLatest(b.handleEvents(receiveCancel: { bCancelled = true }), +).subscribe(subscriber)
        a.send(1)
        b.send(2)
        a.send(completion: .failure(.oops))
        b.send(5)
        #expect(subscriber.values == [3])
        #expect(subscriber.completion == .failure(.oops))
        #expect(bCancelled)
    }
}

extension CombineLatestTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches every upstream (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheUpstreams() {
        let values = valuesUnderOneByOneDemand({ $0.combineLatest($1) { $0 * 10 + $1 }.eraseToAnyPublisher() }, sending: [(0, 1), (1, 1), (0, 2), (1, 3)])
        #expect(values == [11, 21, 23])
    }
}
