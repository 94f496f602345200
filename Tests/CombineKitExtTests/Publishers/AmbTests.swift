import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct AmbTests {
    @Test func mirrorsFirstSourceToEmitAndCancelsTheOthers() {
        let s = CombineTestScheduler()
        let a = IntPublisher.hot(s, [.value(20, 1), .finished(40)])
        let b = IntPublisher.hot(s, [.value(10, 2), .value(30, 3), .finished(50)])
        let subscriber = IntSubscriber(scheduler: s)
        a.amb(b).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 2), .value(30, 3), .finished(50)])
        #expect(a.subscriptions.first?.cancelled == 10)
    }

    @Test func completionCanWinAndFailureIsForwarded() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(20, 1)]), IntPublisher.hot(s, [.failure(10, .oops)])]
        let subscriber = IntSubscriber(scheduler: s)
        sources.amb().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .failure(10, .oops)])
        #expect(sources[0].subscriptions.first?.cancelled == 10)
    }

    @Test func cancellationCancelsAllSources() {
        let s = CombineTestScheduler()
        let sources = [IntPublisher.hot(s, [.value(20, 1)]), IntPublisher.hot(s, [.value(30, 2)])]
        let subscriber = IntSubscriber(scheduler: s)
        sources.amb().subscribe(subscriber)
        s.at(5) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [])
        #expect(sources.map { $0.subscriptions.first?.cancelled } == [5, 5])
    }

    @Test func limitedDemandGoesToAllUntilAWinnerThenOnlyToIt() {
        let s = CombineTestScheduler()
        let a = IntPublisher.cold(s, [.value(5, 1), .value(6, 2), .finished(7)])
        let b = IntPublisher.cold(s, [.value(10, 9)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        a.amb(b).subscribe(subscriber)
        s.advance(to: 20)
        #expect(subscriber.values == [1])
        #expect(b.subscriptions.first?.totalDemand == .max(1))
        #expect(b.subscriptions.first?.cancelled == 5)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(b.subscriptions.first?.totalDemand == .max(1))
    }
}
