import CombineKit
import CombineKitTest
import Testing

@Suite struct DropTests {
    // Combine asks for the dropped elements as soon as it is subscribed, then passes demand up unchanged
    // (OpenCombine's DropTests.testRequestsFromUpstreamThenSendsSubscriptionDownstream records it).
    @Test func dropFirstSkipsCountAndRequestsTheDroppedCountUpFront() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .value(4, 4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.dropFirst(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(3, 3)])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(1)), .init(time: 0, demand: .max(2))])
    }

    // Combine's dropFirst asks for the dropped elements before the downstream asks for any, so a subject's
    // first elements are dropped even when sent without downstream demand (OpenCombine's DropTests).
    @Test func dropFirstDropsASubjectsFirstElementsSentBeforeAnyDownstreamDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        subject.dropFirst(2).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.subscription?.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [3])
    }

    @Test func dropFirstForwardsCompletionFailureAndCancel() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().dropFirst().subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 3), .finished(0)])
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).dropFirst().subscribe(failing)
        #expect(failing.completion == .failure(.oops))
        let subject = PassthroughSubject<Int, Never>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.dropFirst(0).subscribe(cancelled)
        cancelled.cancel()
        subject.send(1)
        #expect(cancelled.values == [])
    }

    @Test func dropWhileThenPassesEverything() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 5, 1, 7].publisher.eraseToAnyPublisher().drop { $0 < 3 }.subscribe(subscriber)
        #expect(subscriber.values == [5, 1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [5, 1, 7])
        #expect(subscriber.completion == .finished)
    }

    @Test func tryDropWhileFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryDrop { _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [])
        #expect(subscriber.completion != nil)
    }

    // Combine: an element dropped before the trigger uses up one of the subscriber's demand (OpenCombine's
    // DropUntilOutputTests.testDemand), so of .max(2) one is left for 2, and the subject drops 3 and 4.
    @Test func dropUntilOutputFromOtherPublisher() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(2))
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        upstream.send(1)
        trigger.send(())
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        upstream.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .finished(0)])
    }

    @Test func dropUntilOutputFailsWhenTriggerFails() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(completion: .failure(.oops))
        upstream.send(1)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func dropUntilOutputCancelStopsValues() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: Just(())).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        upstream.send(2)
        #expect(subscriber.values == [1])
    }
}
