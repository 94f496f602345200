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

extension MergeTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches every upstream (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheUpstreams() {
        let values = valuesUnderOneByOneDemand({ $0.merge(with: $1).eraseToAnyPublisher() }, sending: [(0, 1), (1, 2), (0, 3), (1, 4)])
        #expect(values == [1, 2, 3, 4])
    }
}
