import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct MergeSpecialisationTests {
    @Test func mergingAMergeWidensIt() {
        let widened: Publishers.Merge3<Just<Int>, Just<Int>, Just<Int>> = Just(1).merge(with: Just(2)).merge(with: Just(3))
        #expect(SinkRecorder(widened).values.sorted() == [1, 2, 3])
    }

    // Values that arrive beyond the downstream's demand wait in the merge's output queue (a ring that
    // grows and wraps around); they must come out in arrival order as demand arrives in small steps.
    @Test func valuesQueuedBeyondDemandComeOutInOrderAcrossGrowthAndWrapAround() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(20))
        a.merge(with: b).subscribe(subscriber)
        for value in 1...20 { a.send(value) }        // delivered: the demand was 20
        for value in 101...120 { b.send(value) }     // b had its own demand of 20: all 20 are queued
        #expect(subscriber.values == Array(1...20))
        for _ in 0..<4 { subscriber.request(.max(3)) }
        #expect(subscriber.values == Array(1...20) + Array(101...112))
        for value in 21...25 { a.send(value) }       // a still has demand 20 - 20 + 12: queued behind b's
        subscriber.request(.unlimited)
        #expect(subscriber.values == Array(1...20) + Array(101...120) + Array(21...25))
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancellingReleasesQueuedValues() {
        final class Payload {}
        weak var queued: Payload?
        let a = PassthroughSubject<Payload, Never>()
        let b = PassthroughSubject<Payload, Never>()
        let subscriber = TestSubscriber<Payload, Never>(initialDemand: .max(1))
        a.merge(with: b).subscribe(subscriber)
        a.send(Payload())
        do {
            let payload = Payload()
            queued = payload
            b.send(payload)  // beyond the demand of 1: waits in the queue
        }
        #expect(subscriber.values.count == 1)
        #expect(queued != nil)
        subscriber.cancel()
        #expect(queued == nil)
    }
}
