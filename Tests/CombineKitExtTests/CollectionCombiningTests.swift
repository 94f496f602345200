import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

// Tests for Publishers.CombineLatestMany, ZipMany and MergeAll (their shared inner: MultiSourceInner).
@Suite struct CombineLatestManyTests {
    @Test func emitsArraysOnceAllHaveValuesAndFinishesWhenAllFinish() {
        let s = CombineTestScheduler()
        let sources = (0..<5).map { i in IntPublisher.hot(s, [.value(10 + i, i), .value(30 + i, 10 + i), .finished(40 + i)]) }
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s)
        sources.combineLatest().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(14, [0, 1, 2, 3, 4]),
                                      .value(30, [10, 1, 2, 3, 4]), .value(31, [10, 11, 2, 3, 4]), .value(32, [10, 11, 12, 3, 4]),
                                      .value(33, [10, 11, 12, 13, 4]), .value(34, [10, 11, 12, 13, 14]), .finished(44)])
    }

    // RxSwift: a source that completes without a value completes the result at once.
    @Test func finishesWhenASourceFinishesEmpty() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(5, 1)]), IntPublisher.hot(s, [.finished(10)])]
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s)
        Publishers.CombineLatestMany(sources[0], sources[1]).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .finished(10)])
        #expect(sources[0].subscriptions.first?.cancelled == 10)
    }

    @Test func failsOnFirstFailureAndEmptyCollectionFinishes() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(5, 1)]), IntPublisher.hot(s, [.failure(10, .oops)])]
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s)
        sources.combineLatest().subscribe(subscriber)
        let empty = TestSubscriber<[Int], TestError>(scheduler: s)
        [IntPublisher]().combineLatest().subscribe(empty)
        s.run()
        #expect(subscriber.events == [.subscription(0), .failure(10, .oops)])
        #expect(empty.events == [.subscription(0), .finished(0)])
    }

    @Test func cancellationCancelsAll() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(10, 1)]), IntPublisher.hot(s, [.value(10, 2)])]
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s)
        sources.combineLatest().subscribe(subscriber)
        s.at(5) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values.isEmpty)
        #expect(sources.map { $0.subscriptions.first?.cancelled } == [5, 5])
    }

    @Test func maxOneSubscriberGetsOneArrayAndTheRestLater() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.cold(s, [.value(1, 1), .value(2, 2), .finished(3)]), IntPublisher.cold(s, [.value(1, 10), .finished(3)])]
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s, initialDemand: .max(1))
        sources.combineLatest().subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [[1, 10]])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(5))
        s.advance(to: 20)
        #expect(subscriber.values == [[1, 10], [2, 10]])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }
}

@Suite struct ZipManyTests {
    @Test func zipsNthValuesAndFinishesWhenAFinishedSourceIsDrained() {
        let s = CombineTestScheduler()
        let a = IntPublisher.hot(s, [.value(10, 1), .value(20, 2), .value(30, 3), .finished(35)])
        let b = IntPublisher.hot(s, [.value(15, 10), .finished(25)])
        let c = IntPublisher.hot(s, [.value(12, 100), .value(22, 200)])
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s)
        [a, b, c].zip().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(15, [1, 10, 100]), .finished(25)])
        #expect(c.subscriptions.first?.cancelled == 25)
    }

    @Test func failureAndCancellation() {
        let s = CombineTestScheduler()
        let failing = [IntPublisher.hot(s, [.failure(10, .oops)]), IntPublisher.hot(s, [])]
        let failed = TestSubscriber<[Int], TestError>(scheduler: s)
        failing.zip().subscribe(failed)
        let cancelled = [IntPublisher.hot(s, [.value(10, 1)]), IntPublisher.hot(s, [.value(10, 2)])]
        let canceller = TestSubscriber<[Int], TestError>(scheduler: s)
        Publishers.ZipMany(cancelled).subscribe(canceller)
        s.at(5) { canceller.cancel() }
        s.run()
        #expect(failed.events == [.subscription(0), .failure(10, .oops)])
        #expect(canceller.values.isEmpty)
        #expect(cancelled.map { $0.subscriptions.first?.cancelled } == [5, 5])
    }

    @Test func demandIsPassedToEverySourceAndNothingIsLostOnCompletion() {
        let s = CombineTestScheduler()
        let a = IntPublisher.cold(s, [.value(1, 1), .value(2, 2), .finished(3)])
        let b = IntPublisher.cold(s, [.value(1, 10), .value(2, 20), .finished(3)])
        let subscriber = TestSubscriber<[Int], TestError>(scheduler: s, initialDemand: .max(1))
        [a, b].zip().subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [[1, 10]])
        #expect(a.subscriptions.first?.totalDemand == .max(1))
        subscriber.request(.max(1))
        #expect(subscriber.values == [[1, 10], [2, 20]])
        #expect(subscriber.completion == .finished)
    }
}

/// The values the collection operators keep between events (combineLatest's latest per source, zip's
/// unpaired ones) are released when replaced or paired, and with the subscription.
@Suite struct CollectionCombiningReleaseTests {
    final class Token {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test func combineLatestReleasesReplacedLatestValuesAndTheRestWithTheSubscription() {
        let a = PassthroughSubject<Token, Never>(), b = PassthroughSubject<Token, Never>()
        var rows: [[Int]] = []
        var cancellable: AnyCancellable? = [a, b].combineLatest().sink { rows.append($0.map(\.id)) }
        weak var replaced: Token?
        weak var latestA: Token?
        weak var latestB: Token?
        do {
            let a1 = Token(1), a2 = Token(2), b1 = Token(10)
            replaced = a1
            latestA = a2
            latestB = b1
            a.send(a1)
            a.send(a2)  // before b has a value: nothing emitted, a1 replaced
            b.send(b1)
        }
        #expect(rows == [[2, 10]])
        #expect(replaced == nil)
        #expect(latestA != nil && latestB != nil)
        cancellable?.cancel()
        cancellable = nil
        #expect(latestA == nil && latestB == nil)
    }

    @Test func zipReleasesPairedValuesAndUnpairedOnesWithTheSubscription() {
        let a = PassthroughSubject<Token, Never>(), b = PassthroughSubject<Token, Never>()
        var rows: [[Int]] = []
        var cancellable: AnyCancellable? = [a, b].zip().sink { rows.append($0.map(\.id)) }
        weak var paired: Token?
        weak var unpaired: Token?
        do {
            let a1 = Token(1), a2 = Token(2), b1 = Token(10)
            paired = a1
            unpaired = a2
            a.send(a1)
            a.send(a2)
            b.send(b1)  // pairs with a1; a2 waits
        }
        #expect(rows == [[1, 10]])
        #expect(paired == nil)
        #expect(unpaired != nil)
        cancellable?.cancel()
        cancellable = nil
        #expect(unpaired == nil)
    }
}

@Suite struct MergeAllTests {
    @Test func mergesAndFinishesWhenAllFinish() {
        let s = CombineTestScheduler()
        let sources = (0..<10).map { i in IntPublisher.hot(s, [.value(10 + i, i), .finished(20 + i)]) }
        let subscriber = IntSubscriber(scheduler: s)
        sources.merge().subscribe(subscriber)
        s.run()
        #expect(subscriber.values == Array(0..<10))
        #expect(subscriber.events.last == .finished(29))
    }

    @Test func failureAndCancellation() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(5, 1), .failure(10, .oops)]), IntPublisher.hot(s, [.value(20, 2)])]
        let subscriber = IntSubscriber(scheduler: s)
        Publishers.MergeAll(sources).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(5, 1), .failure(10, .oops)])
        #expect(sources[1].subscriptions.first?.cancelled == 10)
        let other = [IntPublisher.hot(s, [.value(40, 1)])]
        let canceller = IntSubscriber(scheduler: s)
        other.merge().subscribe(canceller)
        s.at(35) { canceller.cancel() }
        s.run()
        #expect(canceller.values.isEmpty)
        #expect(other[0].subscriptions.first?.cancelled == 35)
    }

    @Test func maxOneSubscriberGetsExcessLaterAndLosesNothingOnCompletion() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.cold(s, [.value(1, 1), .finished(2)]), IntPublisher.cold(s, [.value(1, 2), .finished(2)])]
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        sources.merge().subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }
}

import Dispatch

/// Detects overlapping calls into a subscriber.
final class OverlapDetector: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never
    private let lock = DispatchSemaphore(value: 1)
    private var inside = false
    private(set) var overlaps = 0
    private(set) var count = 0

    func receive(subscription: Subscription) { subscription.request(.unlimited) }
    func receive(_ input: Int) -> Subscribers.Demand {
        lock.wait(); if inside { overlaps += 1 }; inside = true; count += 1; lock.signal()
        for _ in 0..<50 { _ = input.hashValue }
        lock.wait(); inside = false; lock.signal()
        return .none
    }
    func receive(completion: Subscribers.Completion<Never>) {}
}

@Suite struct MergeAllConcurrencyTests {
    @Test func concurrentSourcesAreDeliveredOneAtATime() {
        // CombineKit's subjects are lock-protected and Sendable, so they can be captured by the threads below.
        let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        let detector = OverlapDetector()
        subjects.merge().subscribe(detector)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for value in 0..<2000 { subjects[index].send(value) }
        }
        #expect(detector.count == 8000)
        #expect(detector.overlaps == 0)
    }
}
