import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct SequenceSubscriptionStressTests {
    /// Demand arriving from several threads at once while values are being sent: every value exactly once, in
    /// order, one call at a time (the recorder's grammar check reports overlapping calls), then the completion.
    @Test func requestsFromManyThreadsDeliverEachValueOnceInOrder() {
        let threads = 4
        let perThread = 2_000
        for _ in 0..<5 {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
            (0..<(threads * perThread)).publisher.subscribe(subscriber)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                for _ in 0..<perThread { subscriber.request(.max(1)) }
            }
            #expect(subscriber.values == Array(0..<(threads * perThread)))
            #expect(subscriber.completion == .finished)
            #expect(subscriber.demandViolations == 0)
        }
    }

    /// A cancel racing the requests: what arrived is a prefix of the elements, each once, and no completion
    /// follows a cancel that came before the last value.
    @Test func cancelRacingRequestsStopsCleanly() {
        for _ in 0..<20 {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
            (0..<10_000).publisher.subscribe(subscriber)
            DispatchQueue.concurrentPerform(iterations: 3) { thread in
                if thread == 0 {
                    subscriber.cancel()
                } else {
                    for _ in 0..<2_000 { subscriber.request(.max(1)) }
                }
            }
            let values = subscriber.values
            #expect(values == Array(0..<values.count))
            #expect(subscriber.completion == nil)
        }
    }
}
