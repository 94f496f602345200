import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

/// flatMapLatest, flatMapFirst and concatMap, driven by the same outer script:
/// outer emits "A" at 10 and "B" at 30 and finishes at 60; child A (cold) emits at +5, +15, +25
/// and finishes at +30; child B (cold) emits at +5 and finishes at +10.
@Suite struct SerialFlatMapTests {
    final class Fixture {
        let s = CombineTestScheduler()
        let outer: TestPublisher<String, TestError>
        let a: TestPublisher<String, TestError>
        let b: TestPublisher<String, TestError>
        init(outerEnd: TestPublisher<String, TestError>.ScriptEvent = .finished(60)) {
            outer = .hot(s, [.value(10, "A"), .value(30, "B"), outerEnd])
            a = .cold(s, [.value(5, "a1"), .value(15, "a2"), .value(25, "a3"), .finished(30)])
            b = .cold(s, [.value(5, "b1"), .finished(10)])
        }
        func child(_ key: String) -> TestPublisher<String, TestError> { key == "A" ? a : b }
    }

    @Test func flatMapLatestCancelsPreviousChildBeforeSubscribingNext() {
        let f = Fixture()
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.flatMapLatest { f.child($0) }.subscribe(subscriber)
        f.s.run()
        #expect(subscriber.events == [.subscription(0), .value(15, "a1"), .value(25, "a2"), .value(35, "b1"), .finished(60)])
        #expect(f.a.subscriptions.first?.cancelled == 30)
        #expect(f.b.subscriptions.first?.subscribed == 30)
    }

    @Test func flatMapFirstIgnoresValuesWhileChildIsActive() {
        let f = Fixture()
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.flatMapFirst { f.child($0) }.subscribe(subscriber)
        f.s.run()
        #expect(subscriber.events == [.subscription(0), .value(15, "a1"), .value(25, "a2"), .value(35, "a3"), .finished(60)])
        #expect(f.b.subscriptions.isEmpty)
    }

    @Test func concatMapQueuesValuesAndSubscribesChildrenInTurn() {
        let f = Fixture()
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.concatMap { f.child($0) }.subscribe(subscriber)
        f.s.run()
        // A ends at 40, B runs 40...50, the outer finishes at 60: completion at 60.
        #expect(subscriber.events == [.subscription(0), .value(15, "a1"), .value(25, "a2"), .value(35, "a3"), .value(45, "b1"), .finished(60)])
        #expect(f.b.subscriptions.first?.subscribed == 40)
    }

    @Test func completesOnlyAfterActiveChildFinishes() {
        let f = Fixture(outerEnd: .finished(32))
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.flatMapLatest { f.child($0) }.subscribe(subscriber)
        f.s.run()
        #expect(subscriber.events.last == .finished(40))
    }

    @Test func childFailureFailsAndCancelsOuter() {
        let s = CombineTestScheduler()
        let outer = IntPublisher.hot(s, [.value(10, 1)])
        let child = IntPublisher.cold(s, [.value(1, 5), .failure(2, .oops)])
        let subscriber = IntSubscriber(scheduler: s)
        outer.concatMap { _ in child }.subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(11, 5), .failure(12, .oops)])
        #expect(outer.subscriptions.first?.cancelled == 12)
    }

    @Test func outerFailureFailsAndCancelsChild() {
        let f = Fixture(outerEnd: .failure(20, .other))
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.flatMapFirst { f.child($0) }.subscribe(subscriber)
        f.s.run()
        #expect(subscriber.events == [.subscription(0), .value(15, "a1"), .failure(20, .other)])
        #expect(f.a.subscriptions.first?.cancelled == 20)
    }

    @Test func cancellationCancelsOuterAndChild() {
        let f = Fixture()
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s)
        f.outer.flatMapLatest { f.child($0) }.subscribe(subscriber)
        f.s.at(20) { subscriber.cancel() }
        f.s.run()
        #expect(subscriber.values == ["a1"])
        #expect(f.outer.subscriptions.first?.cancelled == 20)
        #expect(f.a.subscriptions.first?.cancelled == 20)
    }

    @Test func limitedDemandIsPassedToChildrenAndInheritedByTheNextOne() {
        let f = Fixture()
        let subscriber = TestSubscriber<String, TestError>(scheduler: f.s, initialDemand: .max(2))
        f.outer.flatMapLatest { f.child($0) }.subscribe(subscriber)
        f.s.run()
        #expect(subscriber.values == ["a1", "a2"])
        #expect(f.a.subscriptions.first?.totalDemand == .max(2))
        // The outer still asks for everything: it must see every value to switch.
        #expect(f.outer.subscriptions.first?.totalDemand == .unlimited)
        #expect(f.b.subscriptions.first?.requests.isEmpty == true)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func maxOneSubscriberLosesNothingOnCompletion() {
        let s = CombineTestScheduler()
        let outer = IntPublisher.hot(s, [.value(10, 1), .value(11, 2), .finished(12)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        outer.concatMap { value in IntPublisher.cold(s, [.value(1, value * 10), .finished(2)]) }.subscribe(subscriber)
        s.advance(to: 50)
        #expect(subscriber.values == [10])
        subscriber.request(.max(1))
        s.advance(to: 100)
        #expect(subscriber.values == [10, 20])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    // RxSwift's concatMap: values that arrive while a child runs are queued and mapped in order, each
    // child subscribed when the previous one completes — here children that complete synchronously
    // (`Just`) while the first, asynchronous child still runs, so finishing it launches the queue from
    // inside a child's completion (the hand-back path of the launch loop).
    @Test func concatMapRunsQueuedSynchronousChildrenInOrderAfterAnAsynchronousOne() {
        let s = CombineTestScheduler()
        let outer = PassthroughSubject<Int, TestError>()
        let first = TestPublisher<Int, TestError>.cold(s, [.value(5, 100), .finished(10)])
        let subscriber = IntSubscriber(scheduler: s)
        outer.concatMap { value in
            value == 0 ? first.eraseToAnyPublisher() : Just(value).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }.subscribe(subscriber)
        outer.send(0)
        for value in 1...4 { outer.send(value) }
        outer.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        s.run()
        #expect(subscriber.values == [100, 1, 2, 3, 4])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    // A long queue of synchronous children runs in a loop, not one nested call per child: 20,000 of
    // them would overflow the stack if each launch recursed.
    @Test func concatMapDrainsALongQueueOfSynchronousChildrenWithoutRecursion() {
        let s = CombineTestScheduler()
        let outer = PassthroughSubject<Int, TestError>()
        let first = TestPublisher<Int, TestError>.cold(s, [.finished(10)])
        var received = 0
        var finished = false
        let cancellable = outer.concatMap { value in
            value == 0 ? first.eraseToAnyPublisher() : Just(value).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }.sink(receiveCompletion: { _ in finished = true }, receiveValue: { _ in received += 1 })
        outer.send(0)
        for value in 1...20_000 { outer.send(value) }
        outer.send(completion: .finished)
        s.run()
        #expect(received == 20_000)
        #expect(finished)
        cancellable.cancel()
    }

    // Queued inputs are released when the subscription is cancelled (and the values a child was made
    // from once it is done): nothing the operator held outlives it.
    @Test func concatMapReleasesQueuedAndConsumedInputs() {
        final class Token {}
        let s = CombineTestScheduler()
        let outer = PassthroughSubject<Token, TestError>()
        let first = TestPublisher<Int, TestError>.cold(s, [.finished(10)])
        weak var consumed: Token?
        weak var queued: Token?
        var isFirst = true
        let cancellable = outer.concatMap { _ -> AnyPublisher<Int, TestError> in
            defer { isFirst = false }
            return isFirst ? first.eraseToAnyPublisher() : Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher()
        }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        do {
            let a = Token(), b = Token()
            consumed = a
            outer.send(a)  // the asynchronous child: made, then its input is no longer needed
            queued = b
            outer.send(b)  // queued behind it
        }
        #expect(consumed == nil)
        #expect(queued != nil)
        cancellable.cancel()
        #expect(queued == nil)
        _ = s
    }
}
