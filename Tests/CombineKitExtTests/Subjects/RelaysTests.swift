import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct RelaysTests {
    @Test func passthroughRelayRelaysAcceptedValues() {
        let relay = PassthroughRelay<Int>()
        let subscriber = TestSubscriber<Int, Never>()
        relay.subscribe(subscriber)
        relay.accept(1)
        relay.accept(2)
        #expect(subscriber.values == [1, 2])
    }

    @Test func currentValueRelayGivesCurrentValueOnFirstDemandAndUpdatesValue() {
        let relay = CurrentValueRelay(1)
        relay.accept(2)
        let subscriber = TestSubscriber<Int, Never>()
        relay.subscribe(subscriber)
        relay.accept(3)
        #expect(subscriber.values == [2, 3])
        #expect(relay.value == 3)
    }

    // The bug this module avoids: a bound publisher's completion must not finish the relay.
    @Test func boundPublisherCompletionDoesNotFinishRelay() {
        let s = CombineTestScheduler()
        let source = TestPublisher<Int, Never>.hot(s, [.value(10, 1), .finished(20)])
        let relay = PassthroughRelay<Int>()
        let subscriber = TestSubscriber<Int, Never>(scheduler: s)
        relay.subscribe(subscriber)
        let binding = source.subscribe(relay)
        s.run()
        relay.accept(2)
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .value(20, 2)])
        #expect(subscriber.completion == nil)
        binding.cancel()
    }

    @Test func cancellingTheBindingStopsForwarding() {
        let subject = PassthroughSubject<Int, Never>()
        let relay = CurrentValueRelay(0)
        let binding = subject.subscribe(relay)
        subject.send(1)
        binding.cancel()
        binding.cancel()
        subject.send(2)
        #expect(relay.value == 1)
    }

    @Test func subscriberCancellationStopsValues() {
        let relay = PassthroughRelay<Int>()
        let subscriber = TestSubscriber<Int, Never>()
        relay.subscribe(subscriber)
        relay.accept(1)
        subscriber.cancel()
        relay.accept(2)
        #expect(subscriber.values == [1])
    }

    // CombineKit subject semantics: a value is dropped for a subscriber without demand.
    @Test func maxOneSubscriberGetsOnlyWhatItDemanded() {
        let relay = CurrentValueRelay(1)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        relay.subscribe(subscriber)
        relay.accept(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.demandViolations == 0)
    }
}
