import CombineKit
import CombineKitExt
import CombineKitTest
import Testing
import Dispatch

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
