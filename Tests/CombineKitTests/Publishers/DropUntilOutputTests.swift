import CombineKit
import CombineKitTest
import Testing

@Suite struct DropUntilOutputTests {
    // Combine hands the subscriber its subscription before it subscribes to either publisher, then subscribes
    // to the second publisher (asking it for one element), then to the upstream (OpenCombine's
    // DropUntilOutputTests.testSubscribesToOtherFirst, testDemand).
    @Test func subscriberFirstThenTheTriggerThenTheUpstream() {
        var order: [String] = []
        let upstream = ManualPublisher<Int, TestError>()
        let trigger = ManualPublisher<Void, TestError>()
        let subscriber = AnySubscriber<Int, TestError>(
            receiveSubscription: { _ in order.append("subscriber: \(upstream.subscriber == nil), \(trigger.subscriber == nil)") },
            receiveValue: { _ in .none },
            receiveCompletion: { _ in })
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        #expect(order == ["subscriber: true, true"])
        #expect(trigger.subscription.events == [.requested(.max(1))])
        #expect(upstream.subscription.events == [])
        #expect(upstream.subscriber != nil)
    }

    // Combine passes the subscriber's demand to the upstream as it comes; an element dropped before the
    // trigger uses up one of it (receive(_:) returns .none), and after the trigger the subscriber's demand is
    // returned as it is. The trigger's subscription is not cancelled by its element (OpenCombine's
    // DropUntilOutputTests.testDemand).
    @Test func droppedElementsUseUpDemandAndTheTriggerIsLeftAlone() {
        let upstream = ManualPublisher<Int, TestError>()
        let trigger = ManualPublisher<Void, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.subscription?.request(.max(4))
        #expect(upstream.subscription.events == [.requested(.max(4))])
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(trigger.send(()) == .none)
        subscriber.demandPerValue = .max(3)
        #expect(upstream.send(3) == .max(3))
        #expect(subscriber.values == [3])
        #expect(trigger.subscription.events == [.requested(.max(1))])
        #expect(upstream.subscription.events == [.requested(.max(4))])
    }

    // Combine finishes the stream when the trigger completes before its first element, cancelling the
    // upstream (OpenCombine's DropUntilOutputTests.testOtherCompletesBeforeTriggering). CombineKit then drops
    // what follows (Combine passes a second completion and later elements on: a deliberate difference).
    @Test func triggerCompletionBeforeItsElementEndsTheStreamOnce() {
        let upstream = ManualPublisher<Int, TestError>()
        let trigger = ManualPublisher<Void, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.subscription?.request(.max(10))
        trigger.send(completion: .failure(.oops))
        trigger.send(completion: .finished)
        upstream.send(completion: .finished)
        _ = trigger.send(())
        _ = upstream.send(1)
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(subscriber.values.isEmpty)
        #expect(upstream.subscription.events == [.requested(.max(10)), .cancelled])
    }

    // Combine ignores the trigger's completion after its element (OpenCombine's
    // DropUntilOutputTests.testOtherFailsAfterTriggering).
    @Test func triggerCompletionAfterItsElementIsIgnored() {
        let upstream = ManualPublisher<Int, TestError>()
        let trigger = ManualPublisher<Void, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        _ = trigger.send(())
        trigger.send(completion: .failure(.oops))
        _ = upstream.send(1)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription.events == [.requested(.unlimited)])
    }

    // Combine cancels the upstream, then the trigger; afterwards requests go nowhere and a late subscription
    // is cancelled (OpenCombine's DropUntilOutputTests.testCancelAlreadyCancelled).
    @Test func cancelCancelsTheUpstreamThenTheTrigger() {
        var order: [String] = []
        let upstreamSubscription = CallbackSubscription(onCancel: { order.append("upstream") })
        let triggerSubscription = CallbackSubscription(onCancel: { order.append("trigger") })
        let upstream = HandingPublisher<Int, TestError>(upstreamSubscription)
        let trigger = HandingPublisher<Void, TestError>(triggerSubscription)
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        #expect(order == ["upstream", "trigger"])
        let late = RecordingSubscription()
        upstream.subscriber?.receive(subscription: late)
        #expect(late.events == [.cancelled])
        #expect(upstreamSubscription.events == [.cancelled])
    }

    // Combine asks an upstream whose subscription comes late for all the demand made so far (`.none`
    // accepted) (OpenCombine's DropUntilOutputTests.testLateSubscription).
    @Test func aLateUpstreamSubscriptionGetsTheDemandMadeSoFar() {
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: PassthroughSubject<Void, TestError>()).subscribe(subscriber)
        subscriber.subscription?.request(.max(10))
        subscriber.subscription?.request(.max(4))
        subscriber.subscription?.request(.none)
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [.requested(.max(14))])
    }

    // Combine's DropUntilOutput shows as "DropUntilOutput" with no mirror children, on both its subscribers,
    // which share one combine identifier (OpenCombine's DropUntilOutputTests.testDropUntilOutputReflection,
    // testSubscribersHaveTheSameCombineIdentifier).
    @Test func describesItselfAndSharesOneCombineIdentifier() throws {
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let trigger = LateSubscriptionPublisher<Void, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(ManualSubscriber<Int, TestError>())
        let inner = try #require(upstream.subscriber)
        let triggerSubscriber = try #require(trigger.subscriber)
        #expect(inner.combineIdentifier == triggerSubscriber.combineIdentifier)
        let subscription = try #require(upstream.inner)
        #expect(String(describing: subscription) == "DropUntilOutput")
        #expect((subscription as? CustomReflectable)?.customMirror.children.isEmpty == true)
        #expect((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "DropUntilOutput")
    }

    // Combine traps when the upstream sends an element before the trigger that was never requested (its
    // demand count would go below zero) (OpenCombine's DropUntilOutputTests.testCrashesWhenReceivesInputAfterCancel).
    @Test func anUnrequestedElementBeforeTheTriggerTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = ManualPublisher<Int, Never>()
            upstream.drop(untilOutputFrom: PassthroughSubject<Void, Never>()).subscribe(ManualSubscriber<Int, Never>())
            _ = upstream.send(1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must not send more elements than were demanded"))
    }
}

/// A publisher that hands its subscriber the given subscription and keeps the subscriber.
final class HandingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let subscription: Subscription
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    init(_ subscription: Subscription) { self.subscription = subscription }
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }
}

/// A subscription that records requests and cancels and calls back on cancel.
final class CallbackSubscription: Subscription, @unchecked Sendable {
    private let onCancel: () -> Void
    private(set) var events: [RecordingSubscription.Event] = []
    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    func request(_ demand: Subscribers.Demand) { events.append(.requested(demand)) }
    func cancel() {
        events.append(.cancelled)
        onCancel()
    }
}
