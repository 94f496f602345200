import CombineKit
import CombineKitExt
import CombineKitTest
import Testing
import Dispatch

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
