import CombineKit
import CombineKitTest
import Testing

@Suite struct SubjectTests {
    // Combine: `publisher.subscribe(subject)` holds the subject weakly; the subject, once its owner lets it
    // go, is deinitialised and cancels the upstream subscription, and cancelling afterwards changes nothing
    // (OpenCombine SubjectSubscriberTests, MulticastTests.testDeallocateConnectedMulticastBeforeCancelling).
    @Test func subscribingASubjectHoldsItWeakly() {
        let upstream = ManualPublisher<Int, Never>()
        weak var released: PassthroughSubject<Int, Never>?
        var cancellable: AnyCancellable?
        do {
            let subject = PassthroughSubject<Int, Never>()
            released = subject
            cancellable = upstream.subscribe(subject)
        }
        #expect(released == nil)
        #expect(upstream.subscription.events == [.cancelled])
        #expect(upstream.send(1) == .none)
        cancellable?.cancel()
        #expect(upstream.subscription.events == [.cancelled])
    }

    // Combine: a subject its owner keeps goes on receiving the upstream's elements until cancelled
    // (OpenCombine PublisherTests.testSubscribeSubject).
    @Test func aKeptSubjectReceivesTheUpstreamsElements() {
        let upstream = PassthroughSubject<Int, Never>()
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        let cancellable = upstream.subscribe(subject)
        upstream.send(1)
        upstream.send(2)
        cancellable.cancel()
        upstream.send(3)
        #expect(subscriber.values == [0, 1, 2])
        #expect(subject.value == 2)
    }

    // Combine: a subject's subscriptions hold the subject, so one whose only owner is its subscriber's
    // subscription stays alive with it.
    @Test func aSubjectKeptByItsSubscriberStaysAlive() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        weak var released: PassthroughSubject<Int, Never>?
        var cancellable: AnyCancellable?
        do {
            let subject = PassthroughSubject<Int, Never>()
            released = subject
            subject.subscribe(subscriber)
            cancellable = upstream.subscribe(subject)
        }
        #expect(released != nil)
        upstream.send(4)
        #expect(subscriber.values == [4])
        cancellable?.cancel()
        subscriber.cancel()
        #expect(released == nil)
    }
}
