import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

/// A sole subscriber with demand and nothing waiting gets a value handed over directly
/// (`DeliveryQueue.claimDelivery`); these pin the delivery rules on that path: what arrives while the
/// value is being delivered waits behind it, demand is counted, and a cancelled subscriber gets nothing.
@Suite struct ReplayingSubjectSoleSubscriberTests {
    // RxSwift delivers re-entrant events after the one in progress (serialised): a send from inside the
    // subscriber's receive(_:) waits for it to return, and so does a completion.
    @Test func valuesAndCompletionSentFromInsideReceiveArriveAfterItInOrder() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 1)
        var depth = 0
        var maxDepth = 0
        let subscriber = IntSubscriber(onValue: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            if value == 1 { subject.send(2) }
            if value == 2 { subject.send(completion: .finished) }
            depth -= 1
        })
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(maxDepth == 1)  // never nested
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func limitedDemandTakesOneValueDirectlyAndQueuesTheRestUntilRequested() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 0)
        let subscriber = IntSubscriber(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        subscriber.request(.unlimited)
        subject.send(4)
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func demandReturnedFromReceiveIsCounted() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 0)
        let subscriber = IntSubscriber(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancelFromInsideReceiveStopsLaterValues() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 0)
        var subscriber: IntSubscriber!
        subscriber = IntSubscriber(onValue: { _ in subscriber.cancel() })
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [1])
    }
}
