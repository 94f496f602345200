import CombineKit
import CombineKitTest
import Testing

@Suite struct PrefixUntilOutputTests {
    // Combine: the terminating publisher's element cancels the upstream and finishes; the terminating
    // publisher, asked for one element, is not cancelled; what either sends afterwards is ignored
    // (OpenCombine's PrefixUntilOutputTests.testBasicBehavior).
    @Test func terminatorElementCancelsTheUpstreamAndFinishes() {
        let upstream = ManualPublisher<Int, TestError>()
        let terminator = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        upstream.prefix(untilOutputFrom: terminator).subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        #expect(terminator.subscription.events == [.requested(.max(1))])
        #expect(upstream.send(1) == .max(2))
        #expect(terminator.send(1000) == .none)
        #expect(upstream.send(3) == .none)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.max(3)), .cancelled])
        #expect(terminator.subscription.events == [.requested(.max(1))])
    }

    // Combine finishes the subscriber as soon as the terminator sends, even before the upstream's
    // subscription (without a subscription), and cancels that subscription when it arrives (OpenCombine's
    // PrefixUntilOutputTests.testTerminatorEmitsValueBeforeUpstreamSendsSubscription).
    @Test func terminatorBeforeTheUpstreamsSubscriptionFinishesAtOnce() {
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let terminator = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: terminator).subscribe(subscriber)
        #expect(terminator.send(-1) == .none)
        #expect(subscriber.completions == [.finished])
        #expect(subscriber.subscription == nil)
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [.cancelled])
        #expect(subscriber.subscription == nil)
    }

    // Combine ignores the terminator's completion: the upstream goes on (OpenCombine's
    // PrefixUntilOutputTests.testTerminatorFailsWithoutProducingValues).
    @Test func terminatorCompletionIsIgnored() {
        let upstream = ManualPublisher<Int, TestError>()
        let terminator = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: terminator).subscribe(subscriber)
        terminator.send(completion: .failure(.oops))
        #expect(terminator.send(1) == .none)
        subscriber.subscription?.request(.max(1))
        _ = upstream.send(5)
        #expect(subscriber.values == [5])
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscription.events == [.requested(.max(1))])
    }

    // Combine passes `request(.none)` to the upstream (OpenCombine's PrefixUntilOutputTests.testRequestZeroDemand).
    @Test func zeroDemandPassesToTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()).subscribe(subscriber)
        subscriber.subscription?.request(.none)
        #expect(upstream.subscription.events == [.requested(.none)])
    }

    // Combine cancels the upstream, then the terminator; a later request goes nowhere (OpenCombine's
    // PrefixUntilOutputTests.testCancellation).
    @Test func cancelCancelsTheUpstreamThenTheTerminator() {
        var order: [String] = []
        let upstream = HandingPublisher<Int, TestError>(CallbackSubscription(onCancel: { order.append("upstream") }))
        let terminatorSubscription = CallbackSubscription(onCancel: { order.append("terminator") })
        let terminator = HandingPublisher<Int, TestError>(terminatorSubscription)
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: terminator).subscribe(subscriber)
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(42))
        subscriber.subscription?.cancel()
        #expect(order == ["upstream", "terminator"])
        #expect(terminatorSubscription.events == [.requested(.max(1)), .cancelled])
    }

    // Combine's PrefixUntilOutput subscriber has no description or mirror of its own, and its two
    // subscribers share one combine identifier (OpenCombine's PrefixUntilOutputTests.testPrefixUntilOutputReflection,
    // testCombineIdentifiers).
    @Test func hasNoDescriptionAndSharesOneCombineIdentifier() throws {
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let terminator = LateSubscriptionPublisher<Int, TestError>()
        upstream.prefix(untilOutputFrom: terminator).subscribe(ManualSubscriber<Int, TestError>())
        let inner = try #require(upstream.subscriber)
        let terminatorSubscriber = try #require(terminator.subscriber)
        #expect(inner.combineIdentifier == terminatorSubscriber.combineIdentifier)
        let subscription = try #require(upstream.inner)
        #expect(!(subscription is CustomStringConvertible))
        #expect(!(subscription is CustomReflectable))
        #expect(String(describing: subscription).contains("PrefixUntilOutput"))
    }
}
