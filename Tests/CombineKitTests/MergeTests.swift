import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct MergeTests {
    @Test func interleavesInArrivalOrderAndFinishesWhenAllFinish() {
        let scheduler = CombineTestScheduler()
        let a = TestPublisher<String, Never>.hot(scheduler, [.value(10, "a1"), .value(30, "a2"), .finished(40)])
        let b = TestPublisher<String, Never>.hot(scheduler, [.value(20, "b1"), .finished(50)])
        let subscriber = TestSubscriber<String, Never>(scheduler: scheduler)
        a.merge(with: b).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, "a1"), .value(20, "b1"), .value(30, "a2"), .finished(50)])
    }

    @Test func neverSendsMoreThanDemanded() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        [1, 2, 3].publisher.merge(with: [10, 20, 30].publisher).subscribe(subscriber)
        #expect(subscriber.values.count == 3)
        #expect(subscriber.demandViolations == 0)
        subscriber.request(.unlimited)
        #expect(subscriber.values.sorted() == [1, 2, 3, 10, 20, 30])
        #expect(subscriber.completion == .finished)
    }

    @Test func failureOfOneCancelsTheOthers() {
        let scheduler = CombineTestScheduler()
        let a = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .failure(20, .oops)])
        let b = TestPublisher<Int, TestError>.hot(scheduler, [.value(30, 2)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        a.merge(with: b).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .failure(20, .oops)])
        #expect(b.subscriptions[0].cancelled == 20)
    }

    @Test func cancelCancelsAllUpstreams() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        a.merge(with: b).subscribe(subscriber)
        a.send(1)
        subscriber.cancel()
        a.send(2)
        b.send(3)
        #expect(subscriber.values == [1])
    }

    @Test func mergeOfEightAndMergeMany() {
        let j = { (value: Int) in Just(value) }
        let eight = j(1).merge(with: j(2), j(3), j(4), j(5), j(6), j(7), j(8))
        #expect(SinkRecorder(eight).values.sorted() == Array(1...8))
        let many = Publishers.MergeMany([j(1), j(2), j(3)]).merge(with: j(4))
        #expect(SinkRecorder(many).values.sorted() == [1, 2, 3, 4])
        #expect(SinkRecorder(Publishers.MergeMany<Just<Int>>([])).completions == [.finished])
    }

    @Test func concurrentUpstreamsAreSerialised() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let guardLock = NSLockBox()
        var inside = 0
        var overlaps = 0
        var count = 0
        let cancellable = a.merge(with: b).sink { _ in
            guardLock.withLock { inside += 1; if inside > 1 { overlaps += 1 } }
            guardLock.withLock { inside -= 1; count += 1 }
        }
        let subjects = UnsafeSendable([a, b])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for value in 0..<1_000 { subjects.value[index].send(value) }
        }
        #expect(overlaps == 0)
        #expect(count == 2_000)
        _ = cancellable
    }
}

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

/// combineLatest keeps each upstream's latest value in place, in its element of the combination tuple
/// (`TupleLayout`): elements of different sizes and alignments, and reference-counted ones, must come out
/// as they went in, and be released when replaced and when the subscription ends.
@Suite struct CombineLatestInPlaceTests {
    struct Odd: Equatable { let flag: Bool; let value: Double; let tag: UInt8 }

    @Test func elementsOfMixedSizesAndAlignmentsCombineUnchanged() {
        let a = PassthroughSubject<UInt8, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Int16, Never>()
        let d = PassthroughSubject<Odd, Never>()
        var four: [String] = []
        let fourWay = a.combineLatest(b, c, d).sink { four.append("\($0.0) \($0.1) \($0.2) \($0.3.flag) \($0.3.value) \($0.3.tag)") }
        var three: [String] = []
        let threeWay = d.combineLatest(a, b).sink { three.append("\($0.0.tag) \($0.1) \($0.2)") }
        var two: [String] = []
        let twoWay = c.combineLatest(d).sink { two.append("\($0.0) \($0.1.value)") }
        a.send(200)
        b.send("a string long enough to live on the heap, not inline")
        c.send(-7)
        d.send(Odd(flag: true, value: 2.5, tag: 9))
        a.send(201)
        d.send(Odd(flag: false, value: -1, tag: 255))
        #expect(four == ["200 a string long enough to live on the heap, not inline -7 true 2.5 9",
                         "201 a string long enough to live on the heap, not inline -7 true 2.5 9",
                         "201 a string long enough to live on the heap, not inline -7 false -1.0 255"])
        #expect(three == ["9 200 a string long enough to live on the heap, not inline",
                          "9 201 a string long enough to live on the heap, not inline",
                          "255 201 a string long enough to live on the heap, not inline"])
        #expect(two == ["-7 2.5", "-7 -1.0"])
        _ = (fourWay, threeWay, twoWay)
    }

    // A zero-size element sits at the offset the previous element ends at (Swift's tuple layout), so it
    // can share its offset with the next element; values around it must come out unchanged.
    @Test func zeroSizeElementsCombineWithTheirNeighbours() {
        let tick = PassthroughSubject<Void, Never>()
        let number = PassthroughSubject<Int64, Never>()
        let flag = PassthroughSubject<Bool, Never>()
        var received: [String] = []
        let subscription = flag.combineLatest(tick, number, tick).sink { received.append("\($0.0) \($0.2)") }
        flag.send(true)
        tick.send(())
        number.send(-42)
        flag.send(false)
        tick.send(())
        #expect(received == ["true -42", "false -42", "false -42", "false -42"])
        _ = subscription
    }

    final class Token: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test func aFinishedUpstreamsValueStaysAndEveryValueIsReleasedWhenReplacedOrEnded() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        var received: [String] = []  // ids only: keeping the tokens would keep them alive
        let subscriber = a.combineLatest(b).sink { received.append("\($0.0.id),\($0.1.id)") }
        weak var firstA: Token?
        weak var firstB: Token?
        weak var secondB: Token?
        do {
            let a1 = Token(1), b1 = Token(10), b2 = Token(20)
            firstA = a1; firstB = b1; secondB = b2
            a.send(a1)
            a.send(completion: .finished)  // a's latest value stays in use after a finished
            b.send(b1)
            b.send(b2)
        }
        #expect(received == ["1,10", "1,20"])
        #expect(firstB == nil, "a replaced value was not released")
        #expect(firstA != nil && secondB != nil, "a value still in the combination was released")
        subscriber.cancel()
        #expect(firstA == nil && secondB == nil, "the combination's values outlived the cancelled subscription")
    }
}

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

@Suite struct FlatMapAndSwitchOverloadTests {
    @Test func failureTypesAreBridgedAsInCombine() {
        // upstream can fail, inner cannot
        let failing = PassthroughSubject<Int, TestError>()
        let a: Publishers.FlatMap<Publishers.SetFailureType<Just<Int>, TestError>, PassthroughSubject<Int, TestError>> = failing.flatMap { Just($0) }
        // upstream cannot fail, inner can
        let b: Publishers.FlatMap<Fail<Int, TestError>, Publishers.SetFailureType<Just<Int>, TestError>> = Just(1).flatMap { _ in Fail<Int, TestError>(error: .oops) }
        // neither can fail
        let c: Publishers.FlatMap<Just<Int>, Just<Int>> = Just(1).flatMap { Just($0 + 1) }
        #expect(SinkRecorder(c).values == [2])
        #expect(SinkRecorder(b).completions == [.failure(.oops)])
        let recorder = SinkRecorder(a)
        failing.send(3)
        #expect(recorder.values == [3])
        let switched = PassthroughSubject<Just<Int>, TestError>().switchToLatest()
        let _: Publishers.SwitchToLatest<Publishers.SetFailureType<Just<Int>, TestError>, Publishers.Map<PassthroughSubject<Just<Int>, TestError>, Publishers.SetFailureType<Just<Int>, TestError>>> = switched
    }
}

@Suite struct CombineLatestCoalescingTests {
    // Upstreams that ignore demand (like a misbehaving source) show that, without downstream demand,
    // only the newest combination waits.
    @Test func onlyNewestCombinationWaitsBeyondDemand() {
        let a = DemandIgnoringPublisher<Never>(values: [1])
        let b = DemandIgnoringPublisher<Never>(values: [10, 20, 30])
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        a.combineLatest(b) { $0 + $1 }.subscribe(subscriber)
        subscriber.request(.max(5))
        #expect(subscriber.values == [31])
    }
}

@Suite struct MergeSpecialisationTests {
    @Test func mergingAMergeWidensIt() {
        let widened: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = Just(1).merge(with: Just(2)).merge(with: Just(3))
        #expect(SinkRecorder(widened).values.sorted() == [1, 2, 3])
    }

    // Values that arrive beyond the downstream's demand wait in the merge's output queue (a ring that
    // grows and wraps around); they must come out in arrival order as demand arrives in small steps.
    @Test func valuesQueuedBeyondDemandComeOutInOrderAcrossGrowthAndWrapAround() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(20))
        a.merge(with: b).subscribe(subscriber)
        for value in 1...20 { a.send(value) }        // delivered: the demand was 20
        for value in 101...120 { b.send(value) }     // b had its own demand of 20: all 20 are queued
        #expect(subscriber.values == Array(1...20))
        for _ in 0..<4 { subscriber.request(.max(3)) }
        #expect(subscriber.values == Array(1...20) + Array(101...112))
        for value in 21...25 { a.send(value) }       // a still has demand 20 - 20 + 12: queued behind b's
        subscriber.request(.unlimited)
        #expect(subscriber.values == Array(1...20) + Array(101...120) + Array(21...25))
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancellingReleasesQueuedValues() {
        final class Payload {}
        weak var queued: Payload?
        let a = PassthroughSubject<Payload, Never>()
        let b = PassthroughSubject<Payload, Never>()
        let subscriber = TestSubscriber<Payload, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(subscriber)
        a.send(Payload())
        do {
            let payload = Payload()
            queued = payload
            b.send(payload)  // beyond the demand of 1: waits in the queue
        }
        #expect(subscriber.values.count == 1)
        #expect(queued != nil)
        subscriber.cancel()
        #expect(queued == nil)
    }
}
