import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct PartitionTests {
    @Test func splitsValuesOverOneSharedSubscription() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(20, 2), .value(30, 3), .failure(40, .oops)])
        let (evens, odds) = upstream.partition { $0.isMultiple(of: 2) }
        let evenSubscriber = IntSubscriber(scheduler: s)
        let oddSubscriber = IntSubscriber(scheduler: s)
        evens.subscribe(evenSubscriber)
        odds.subscribe(oddSubscriber)
        s.run()
        #expect(upstream.subscriptions.count == 1)
        #expect(evenSubscriber.events == [.subscription(0), .value(20, 2), .failure(40, .oops)])
        #expect(oddSubscriber.events == [.subscription(0), .value(10, 1), .value(30, 3), .failure(40, .oops)])
    }

    @Test func limitedDemandCompletionAndCancellation() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(20, 2), .value(30, 3), .finished(40)])
        let (matches, nonMatches) = upstream.partition { $0 > 1 }
        let limited = IntSubscriber(scheduler: s, initialDemand: .max(1))
        matches.subscribe(limited)
        let cancelled = IntSubscriber(scheduler: s)
        nonMatches.subscribe(cancelled)
        s.at(5) { cancelled.cancel() }
        s.run()
        #expect(limited.values == [2])
        limited.request(.max(1))
        #expect(limited.values == [2, 3])
        #expect(limited.completion == .finished)
        #expect(cancelled.values.isEmpty)
        #expect(limited.demandViolations == 0)
    }
}
