import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct StartWithTests {
    @Test func emitsPrefixThenSubscribesUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(10, 3), .finished(20)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.startWith(1, 2).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(10, 3), .finished(20)])
    }

    @Test func failureIsForwarded() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.failure(5, .oops)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.startWith(contentsOf: [1]).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .failure(5, .oops)])
    }

    @Test func upstreamIsSubscribedOnlyAfterPrefixIsDeliveredAndAskedForTheRest() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 3), .value(2, 4), .finished(3)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        upstream.startWith(1, 2).subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [1])
        #expect(upstream.subscriptions.isEmpty)
        s.at(20) { subscriber.request(.max(2)) }
        s.advance(to: 30)
        #expect(subscriber.values == [1, 2, 3])
        #expect(upstream.subscriptions.first?.subscribed == 20)
        #expect(upstream.subscriptions.first?.totalDemand == .max(1))
        subscriber.request(.max(1))
        s.advance(to: 40)
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancellationCancelsUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(10, 3)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.startWith(1).subscribe(subscriber)
        s.at(5) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscriptions.first?.cancelled == 5)
    }
}
