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

    // Combine: a sequence's subscription is described by its sequence and mirrors it as `sequence` while it
    // runs, and is "Sequence" once over (OpenCombine SequenceTests.testReflection, testSequenceNoInitialDemand).
    @Test func subscriptionDescribesItsSequenceWhileItRuns() throws {
        let subscriber = ManualSubscriber<Int, Never>()
        (1...5).publisher.subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "1...5")
        #expect(Mirror(reflecting: subscription).children.map(\.label) == ["sequence"])
        #expect(Mirror(reflecting: subscription).children.first.map { String(describing: $0.value) } == "1...5")
        subscription.request(.unlimited)
        #expect(subscriber.completions.count == 1)
        #expect(String(describing: subscription) == "Sequence")
        #expect(Mirror(reflecting: subscription).children.first.map { String(describing: $0.value) } == "[]")
    }

    @Test func iteratedSequenceIsDescribedUntilCancelled() throws {
        let subscriber = ManualSubscriber<Int, Never>()
        let unfolded = sequence(first: 1) { $0 < 3 ? $0 + 1 : nil }
        unfolded.publisher.subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == String(describing: unfolded))
        subscription.cancel()
        #expect(String(describing: subscription) == "Sequence")
    }

    // Combine: `request(.none)` on a sequence's subscription is accepted and asks for nothing (OpenCombine
    // SequenceTests.testRecursion: "Shouldn't crash").
    @Test func requestingNoneIsAccepted() throws {
        for elements in [AnySequence([1, 2]), AnySequence(sequence(first: 1) { $0 < 2 ? $0 + 1 : nil })] {
            let subscriber = ManualSubscriber<Int, Never>()
            elements.publisher.subscribe(subscriber)
            let subscription = try #require(subscriber.subscription)
            subscription.request(.none)
            #expect(subscriber.values.isEmpty)
            subscription.request(.max(2))
            #expect(subscriber.values == [1, 2])
            #expect(subscriber.completions.count == 1)
        }
        let subscriber = ManualSubscriber<Int, Never>()
        [1, 2].publisher.subscribe(subscriber)
        try #require(subscriber.subscription).request(.none)
        #expect(subscriber.values.isEmpty)
    }
}
