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
