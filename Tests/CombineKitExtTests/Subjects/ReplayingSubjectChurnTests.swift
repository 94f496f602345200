import CombineKit
import CombineKitExt
import CombineKitTest
import Foundation
import Testing

/// `ReplayingSubject` and its per-subscriber `DeliveryQueue` after the rework that keeps them free of
/// generic structs (values held only once one waits, the completion boxed, no per-step enum): limited
/// demand, re-entrancy, cancel during subscribe, releases.
@Suite struct ReplayingSubjectChurnTests {
    final class Payload: @unchecked Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test func bufferKeepsOnlyTheLatestValuesAcrossManySends() {
        let subject = ReplayingSubject<Int, Never>(bufferSize: 3)
        for value in 1...100 { subject.send(value) }
        #expect(subject.replayBuffer == [98, 99, 100])
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(subscriber.values == [98, 99, 100])
    }

    @Test func limitedDemandSubscriberGetsLiveValuesQueuedThenTheFailureAfterThem() {
        let subject = ReplayingSubject<Int, TestError>(bufferSize: 0)
        let subscriber = IntSubscriber(initialDemand: .max(1))
        subject.subscribe(subscriber)
        [1, 2, 3].forEach(subject.send)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(5))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion == .failure(.oops))
        #expect(subscriber.demandViolations == 0)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func reentrantSendFromInsideReceiveIsDeliveredAfterTheCurrentValue() {
        let subject = ReplayingSubject<Int, Never>(bufferSize: 1)
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value == 1 { subject.send(2) }
        })
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(3)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func cancelDuringSubscribeDeliversNothingAndDetaches() {
        let subject = ReplayingSubject<Int, Never>(bufferSize: 2)
        subject.send(1)
        let subscriber = CancelOnSubscribe()
        subject.subscribe(subscriber)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions == 0)
    }

    @Test func cancelledSubscriberReleasesTheValuesWaitingForIt() {
        weak var weakPayload: Payload?
        let subject = ReplayingSubject<Payload, Never>(bufferSize: 0)
        let subscriber = TestSubscriber<Payload, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        do {
            let payload = Payload(1)
            weakPayload = payload
            subject.send(payload)
        }
        #expect(weakPayload != nil)  // waiting for demand
        subscriber.cancel()
        #expect(weakPayload == nil)
        #expect(subscriber.values.isEmpty)
    }

    @Test func sharedReplayChainCreatedAndCancelledRepeatedlyLeavesNothingBehind() {
        weak var weakSubject: PassthroughSubject<Int, any Error>?
        for round in 0..<50 {
            let subject = PassthroughSubject<Int, any Error>()
            weakSubject = subject
            var received: [Int] = []
            let cancellable = subject.replaceError(with: -1)
                .receive(on: ImmediateScheduler.shared)
                .map { $0 + 1 }
                .filter { $0 > 0 }
                .share(replay: 1)
                .sink { received.append($0) }
            subject.send(round)
            #expect(received == [round + 1])
            cancellable.cancel()
            subject.send(round + 1)
            #expect(received == [round + 1])
        }
        #expect(weakSubject == nil)
    }

    /// Cancels its subscription from inside `receive(subscription:)`.
    final class CancelOnSubscribe: Subscriber, @unchecked Sendable {
        typealias Input = Int
        typealias Failure = Never
        private(set) var values: [Int] = []
        private(set) var completions = 0
        func receive(subscription: Subscription) {
            subscription.cancel()
            subscription.request(.unlimited)
        }
        func receive(_ input: Int) -> Subscribers.Demand {
            values.append(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) { completions += 1 }
    }
}
