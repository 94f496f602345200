import CombineKit
import CombineKitExt
import CombineKitTest
import Testing
import Dispatch

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
