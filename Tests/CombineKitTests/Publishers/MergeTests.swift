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

@Suite struct WideningMergeTests {
    typealias J = Just<Int>

    /// The values `merged` publishes, in order, if it then finishes (nil otherwise).
    func mergedValues<P: Publisher>(_ merged: P) -> [Int]? where P.Output == Int {
        let events = streamEvents(merged)
        guard events.last == .finished else { return nil }
        return events.dropLast().compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }

    @Test func mergeWidensUpToMerge8() {
        let m2 = J(1).merge(with: J(2))
        let m3: Publishers.Merge3<J, J, J> = m2.merge(with: J(3))
        let m4: Publishers.Merge4<J, J, J, J> = m2.merge(with: J(3), J(4))
        let m5: Publishers.Merge5<J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5))
        let m6: Publishers.Merge6<J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6))
        let m7: Publishers.Merge7<J, J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6), J(7))
        let m8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6), J(7), J(8))
        #expect(mergedValues(m3) == Array(1...3))
        #expect(mergedValues(m4) == Array(1...4))
        #expect(mergedValues(m5) == Array(1...5))
        #expect(mergedValues(m6) == Array(1...6))
        #expect(mergedValues(m7) == Array(1...7))
        #expect(mergedValues(m8) == Array(1...8))
    }

    @Test func merge3To7Widen() {
        let m3 = J(1).merge(with: J(2), J(3))
        let m3to4: Publishers.Merge4<J, J, J, J> = m3.merge(with: J(4))
        let m3to5: Publishers.Merge5<J, J, J, J, J> = m3.merge(with: J(4), J(5))
        let m3to6: Publishers.Merge6<J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6))
        let m3to7: Publishers.Merge7<J, J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6), J(7))
        let m3to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6), J(7), J(8))
        #expect(mergedValues(m3to4) == Array(1...4))
        #expect(mergedValues(m3to5) == Array(1...5))
        #expect(mergedValues(m3to6) == Array(1...6))
        #expect(mergedValues(m3to7) == Array(1...7))
        #expect(mergedValues(m3to8) == Array(1...8))

        let m4 = m3.merge(with: J(4))
        let m4to5: Publishers.Merge5<J, J, J, J, J> = m4.merge(with: J(5))
        let m4to6: Publishers.Merge6<J, J, J, J, J, J> = m4.merge(with: J(5), J(6))
        let m4to7: Publishers.Merge7<J, J, J, J, J, J, J> = m4.merge(with: J(5), J(6), J(7))
        let m4to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m4.merge(with: J(5), J(6), J(7), J(8))
        #expect(mergedValues(m4to5) == Array(1...5))
        #expect(mergedValues(m4to6) == Array(1...6))
        #expect(mergedValues(m4to7) == Array(1...7))
        #expect(mergedValues(m4to8) == Array(1...8))

        let m5 = m4.merge(with: J(5))
        let m5to6: Publishers.Merge6<J, J, J, J, J, J> = m5.merge(with: J(6))
        let m5to7: Publishers.Merge7<J, J, J, J, J, J, J> = m5.merge(with: J(6), J(7))
        let m5to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m5.merge(with: J(6), J(7), J(8))
        #expect(mergedValues(m5to6) == Array(1...6))
        #expect(mergedValues(m5to7) == Array(1...7))
        #expect(mergedValues(m5to8) == Array(1...8))

        let m6 = m5.merge(with: J(6))
        let m6to7: Publishers.Merge7<J, J, J, J, J, J, J> = m6.merge(with: J(7))
        let m6to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m6.merge(with: J(7), J(8))
        #expect(mergedValues(m6to7) == Array(1...7))
        #expect(mergedValues(m6to8) == Array(1...8))

        let m7to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m6.merge(with: J(7)).merge(with: J(8))
        #expect(mergedValues(m7to8) == Array(1...8))
    }

    @Test func aWidenedMergeFailsWhenOneOfItsPublishersFails() {
        let failing = J(1).setFailureType(to: TestError.self).merge(with: Fail(error: .oops))
            .merge(with: Result<Int, TestError>.Publisher(3), Result<Int, TestError>.Publisher(4))
        #expect(type(of: failing) == Publishers.Merge4<Result<Int, TestError>.Publisher, Fail<Int, TestError>, Result<Int, TestError>.Publisher, Result<Int, TestError>.Publisher>.self)
        #expect(streamEvents(failing) == [.value(1), .failure("oops")])
    }
}

extension MergeTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches every upstream (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheUpstreams() {
        let values = valuesUnderOneByOneDemand({ $0.merge(with: $1).eraseToAnyPublisher() }, sending: [(0, 1), (1, 2), (0, 3), (1, 4)])
        #expect(values == [1, 2, 3, 4])
    }
}
