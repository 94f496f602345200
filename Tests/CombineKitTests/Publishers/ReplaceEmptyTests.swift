import CombineKit
import CombineKitTest
import Testing

@Suite struct ReplaceEmptyTests {
    // Combine: replaceEmpty requests .unlimited upstream right after passing the subscription on, forwards
    // the downstream's requests as made, and returns the downstream's demand from receive(_:) (OpenCombine
    // ReplaceEmptyTests.testDemand, testImmediateCompletion).
    @Test func asksTheUpstreamForUnlimitedAfterHandingTheSubscriptionOn() throws {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(4))
        upstream.replaceEmpty(with: 832).subscribe(subscriber)
        #expect(upstream.subscription.events == [.requested(.unlimited)])
        try #require(subscriber.subscription).request(.max(42))
        #expect(upstream.subscription.events == [.requested(.unlimited), .requested(.max(42))])
        #expect(upstream.send(0) == .max(4))
        subscriber.subscription?.request(.max(95))
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(50))
        #expect(upstream.subscription.events == [.requested(.unlimited), .requested(.max(42)), .requested(.max(95)), .cancelled])
        #expect(upstream.send(8) == .none)
        #expect(subscriber.values == [0])
    }

    // CombineKit: the elements beyond the downstream's demand wait, in order, and the completion after them:
    // never more values than demanded (Combine passes them all on at once: a deliberate difference,
    // MigrationGuide.md).
    @Test func holdsElementsBeyondTheDownstreamsDemandInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let oneAtATime = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.replaceEmpty(with: 0).subscribe(oneAtATime)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        subject.send(completion: .finished)
        #expect(oneAtATime.values == [1])
        #expect(oneAtATime.completion == nil)
        oneAtATime.request(.max(1))
        #expect(oneAtATime.values == [1, 2])
        oneAtATime.request(.max(5))
        #expect(oneAtATime.values == [1, 2, 3])
        #expect(oneAtATime.completion == .finished)
    }

    // Combine: a failure after elements comes after them, and the replacement only for an empty stream that
    // finishes (OpenCombine ReplaceEmptyTests.testSendingValueAndThenError, testError).
    @Test func aFailureComesAfterTheElementsThatWait() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.replaceEmpty(with: 7).subscribe(subscriber)
        _ = upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    // Combine: a second subscription is cancelled; cancel() before the subscription arrived is ignored, and the
    // late subscription is handed on and asked for .unlimited (OpenCombine ReplaceEmptyTests.testReceiveSubscriptionTwice,
    // testReplaceEmptyCancelBeforeSubscription).
    @Test func cancelBeforeTheSubscriptionIsIgnoredAndASecondSubscriptionCancelled() throws {
        let (late, subscriber) = try cancelThenSubscribeLate { $0.replaceEmpty(with: 1) }
        #expect(late.events == [.requested(.unlimited)])
        #expect(subscriber.subscription != nil)

        let upstream = ManualPublisher<Int, TestError>()
        let other = ManualSubscriber<Int, TestError>()
        upstream.replaceEmpty(with: 2).subscribe(other)
        let second = RecordingSubscription()
        upstream.subscriber?.receive(subscription: second)
        #expect(second.events == [.cancelled])
        #expect(upstream.subscription.events == [.requested(.unlimited)])
    }
}
