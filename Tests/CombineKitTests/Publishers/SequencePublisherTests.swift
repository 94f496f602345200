import CombineKit
import CombineKitTest
import Testing

@Suite struct SequencePublisherTests {
    @Test func emitsAsDemandedAndFinishesAfterLastWithoutExtraDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(0, 3), .finished(0)])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func emptySequenceFinishesImmediately() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [Int]().publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func reentrantRequestIsTrampolined() {
        // Requesting one more from inside every receive over a long sequence must not recurse.
        var subscription: Subscription?
        var count = 0
        var depth = 0
        var maxDepth = 0
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { subscription = $0; $0.request(.max(1)) },
                                                   receiveValue: { _ in
                                                       depth += 1; maxDepth = max(maxDepth, depth)
                                                       count += 1
                                                       subscription?.request(.max(1))
                                                       depth -= 1
                                                       return .none })
        (0..<100_000).publisher.subscribe(subscriber)
        #expect(count == 100_000)
        #expect(maxDepth == 1)
    }

    @Test func cancelStopsTheSequence() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1)) { value in
            _ = value
        }
        var cancelAfterTwo: TestSubscriber<Int, Never>?
        let cancelling = TestSubscriber<Int, Never>(initialDemand: .unlimited) { value in
            if value == 2 { cancelAfterTwo?.cancel() }
        }
        cancelAfterTwo = cancelling
        [1, 2, 3].publisher.subscribe(cancelling)
        #expect(cancelling.values == [1, 2])
        [1].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1])
        cancelAfterTwo = nil
    }

    @Test func mapStaysASequencePublisher() {
        let mapped: Publishers.Sequence<[Int], Never> = [1, 2].publisher.map { $0 * 10 }
        #expect(mapped.sequence == [10, 20])
    }
}
