import CombineKit
import CombineKitTest
import Testing

@Suite struct ReplaceEmptyTests {
    // CombineKit: replaceEmpty asks its upstream for the downstream's demand and no more, so a subject
    // upstream never sends more than the downstream asked for. Combine's asks for `.unlimited` as well, and
    // passes every value on whatever the demand (a deliberate difference, MigrationGuide.md).
    @Test func asksTheUpstreamForTheDownstreamsDemandOnly() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(4))
        upstream.replaceEmpty(with: 832).subscribe(subscriber)
        subscriber.subscription?.request(.max(42))
        #expect(upstream.subscription.events == [.requested(.max(42))])
        #expect(upstream.send(0) == .max(4))
        subscriber.subscription?.request(.max(95))
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        #expect(upstream.subscription.events == [.requested(.max(42)), .requested(.max(95)), .cancelled])

        let subject = PassthroughSubject<Int, Never>()
        let oneAtATime = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.replaceEmpty(with: 0).subscribe(oneAtATime)
        subject.send(1)
        subject.send(2)
        #expect(oneAtATime.values == [1])
    }
}
