import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct SwitchToLatestTests {
    @Test func switchesAndCancelsThePreviousInner() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, Never>.cold(scheduler, [.value(5, 1), .value(15, 2)])
        let second = TestPublisher<Int, Never>.cold(scheduler, [.value(5, 10), .finished(6)])
        let outer = TestPublisher<TestPublisher<Int, Never>, Never>.hot(scheduler, [.value(0, first), .value(10, second), .finished(12)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        outer.switchToLatest().subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(5, 1), .value(15, 10), .finished(16)])
        #expect(first.subscriptions[0].cancelled == 10)
    }

    @Test func newInnerGetsTheUnusedDemand() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        outer.send(a)
        a.send(1)
        outer.send(b)
        a.send(99)
        b.send(2)
        b.send(3)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func innerFailureFailsTheStream() {
        let outer = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(Fail(error: .oops).eraseToAnyPublisher())
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelStopsEverything() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        outer.send(inner)
        inner.send(1)
        subscriber.cancel()
        inner.send(2)
        #expect(subscriber.values == [1])
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: switchToLatest

    @Test func switchToLatestOfJustGivesALimitedSubscriberExactlyItsDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.map { Just($0) }.switchToLatest().subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        #expect(subscriber.values == [1, 2])
        // The waiting inner (5) replaced the earlier ones: one more demand gets the latest.
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 5])
        subject.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func switchToLatestFailureOfTheInnerFailsOnce() {
        let subject = PassthroughSubject<AnyPublisher<Int, TestError>, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        subject.switchToLatest().subscribe(subscriber)
        subject.send(Just(1).setFailureType(to: TestError.self).eraseToAnyPublisher())
        subject.send(Fail(error: TestError.other).eraseToAnyPublisher())
        subject.send(Just(2).setFailureType(to: TestError.self).eraseToAnyPublisher())
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.other))
    }
}

extension SwitchToLatestTests {
    // Apple's `Subscriber.receive(_:)`: the demand it returns is how many more elements the subscriber expects,
    // so it reaches the current inner publisher (a subject drops what it is sent without demand).
    @Test func demandReturnedFromReceiveReachesTheCurrentInnerPublisher() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let inner = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(1))
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        outer.send(inner)
        inner.send(1)
        inner.send(2)
        inner.send(3)
        #expect(subscriber.values == [1, 2, 3])
    }
}

/// A publisher that keeps whatever subscribes to it, as it is (not wrapped), and hands it a subscription
/// only when the test says so.
private final class HeldSubscriberPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var kept: Any?
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        kept = subscriber
        self.subscriber = AnySubscriber(subscriber)
    }
    func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
}

// Combine's switchToLatest demand hand-over and lifecycle (OpenCombine's SwitchToLatestTests record
// Apple's behaviour).
extension SwitchToLatestTests {
    // Combine: the downstream receives its subscription before the upstream is subscribed to
    // (OpenCombine SwitchToLatestTests.testSwitchToLatestOuterReceiveSubscriptionTwice).
    @Test func theDownstreamIsSubscribedBeforeTheUpstream() {
        let late = LateSubscriptionPublisher<PassthroughSubject<Int, Never>, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        late.switchToLatest().subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        let first = RecordingSubscription()
        late.sendSubscription(first)
        let second = RecordingSubscription()
        late.sendSubscription(second)
        #expect(first.events == [.requested(.unlimited)])
        #expect(second.events == [.cancelled])
        subscriber.subscription?.cancel()
        #expect(first.events == [.requested(.unlimited), .cancelled])
    }

    // Combine hands the demand still unused to each new inner publisher, passes later requests to it, and
    // returns the downstream's demand from the inner's `receive(_:)` (OpenCombine SwitchToLatestTests.testDemand).
    @Test func demandIsHandedOverToEachNewInnerPublisher() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(5))
        outer.switchToLatest().subscribe(subscriber)
        let first = ManualPublisher<Int, Never>()
        outer.send(first)
        #expect(first.subscription.events == [])
        subscriber.subscription?.request(.max(1))
        #expect(first.subscription.events == [.requested(.max(1))])
        first.send(completion: .finished)
        subscriber.subscription?.request(.max(41))
        subscriber.subscription?.request(.max(1))
        let second = ManualPublisher<Int, Never>()
        outer.send(second)
        #expect(second.subscription.events == [.requested(.max(43))])
        #expect(second.send(1) == .max(5))
        #expect(second.send(2) == .max(5))
        let third = ManualPublisher<Int, Never>()
        outer.send(third)
        #expect(second.subscription.events == [.requested(.max(43)), .cancelled])
        #expect(third.subscription.events == [.requested(.max(51))])
        subscriber.subscription?.request(.max(9))
        #expect(third.subscription.events == [.requested(.max(51)), .requested(.max(9))])
    }

    // Combine: an inner failure cancels the outer subscription, not the failed inner one, and what the
    // downstream returns reaches the inner (OpenCombine SwitchToLatestTests.testInnerFails).
    @Test func anInnerFailureCancelsTheOuterSubscription() {
        let outer = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
        let inner = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(1))
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = outer.send(inner)
        #expect(inner.send(1) == .max(1))
        inner.send(completion: .failure(.oops))
        inner.send(completion: .finished)
        #expect(inner.send(2) == .none)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(outer.subscription.events == [.requested(.unlimited), .cancelled])
        #expect(inner.subscription.events == [.requested(.max(1))])
    }

    // Combine: the current inner keeps delivering after the outer publisher finished, and the demand the
    // downstream returns is returned to it (OpenCombine SwitchToLatestTests.testInnerReceivesInputAfterOuterFinishes).
    @Test func theInnerDeliversAfterTheOuterFinished() {
        let outer = ManualPublisher<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(100))
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = outer.send(inner)
        outer.send(completion: .finished)
        #expect(inner.send(1) == .max(100))
        #expect(subscriber.completions.isEmpty)
        inner.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions == [.finished])
    }

    // Combine cancels an inner publisher's second subscription, and neither cancels nor asks one that comes
    // after the inner publisher completed (OpenCombine SwitchToLatestTests.testSwitchToLatestInnerReceiveSubscriptionTwice).
    @Test func innerSubscriptionEdges() {
        let outer = PassthroughSubject<HeldSubscriberPublisher<Int, Never>, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        let inner = HeldSubscriberPublisher<Int, Never>()
        outer.send(inner)
        let first = RecordingSubscription()
        let second = RecordingSubscription()
        inner.subscriber?.receive(subscription: first)
        inner.subscriber?.receive(subscription: second)
        #expect(first.events == [])
        #expect(second.events == [.cancelled])
        inner.subscriber?.receive(completion: .finished)
        let afterCompletion = RecordingSubscription()
        inner.subscriber?.receive(subscription: afterCompletion)
        subscriber.subscription?.request(.max(1))
        #expect(afterCompletion.events == [])
    }

    // Combine finishes the downstream on an outer completion that arrives before the subscription
    // (OpenCombine SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionBeforeSubscription).
    @Test func anOuterCompletionBeforeTheSubscriptionFinishes() {
        let late = LateSubscriptionPublisher<Just<Int>, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        late.switchToLatest().subscribe(subscriber)
        late.subscriber?.receive(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }

    // Combine's switchToLatest and its inner subscribers describe themselves as "SwitchToLatest"; an inner
    // subscriber's mirror names the operator's subscription (OpenCombine SwitchToLatestTests.testSwitchToLatestReflection).
    @Test func descriptionsAndMirrors() throws {
        let outer = PassthroughSubject<HeldSubscriberPublisher<Int, Never>, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.switchToLatest().subscribe(subscriber)
        let subscription = try #require(subscriber.subscription as? CustomStringConvertible & CustomReflectable & Subscription)
        #expect(subscription.description == "SwitchToLatest")
        #expect((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "SwitchToLatest")
        let inner = HeldSubscriberPublisher<Int, Never>()
        outer.send(inner)
        let side = try #require(inner.kept)
        #expect(!(side is Subscription))
        #expect((side as? CustomStringConvertible)?.description == "SwitchToLatest")
        #expect(!(side is CustomDebugStringConvertible))
        let children = try #require((side as? CustomReflectable)?.customMirror.children)
        #expect(children.map(\.label) == ["parentSubscription"])
        #expect(children.first?.value as? CombineIdentifier == subscription.combineIdentifier)
    }

    // Combine stops with a precondition when an inner publisher sends a value nobody asked for
    // (OpenCombine SwitchToLatestTests.testCrashesWhenReceivingUnwantedValueFromNestedPublisher).
    @Test func aValueWithoutDemandTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let outer = PassthroughSubject<HeldSubscriberPublisher<Int, Never>, Never>()
            let inner = HeldSubscriberPublisher<Int, Never>()
            outer.switchToLatest().subscribe(ManualSubscriber<Int, Never>())
            outer.send(inner)
            inner.subscriber?.receive(subscription: RecordingSubscription())
            _ = inner.send(1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must send no more values than the demand it was given"))
    }

    // Combine stops with a precondition when an inner publisher completes before sending its subscription
    // (OpenCombine SwitchToLatestTests.testSwitchToLatestInnerReceiveCompletionBeforeSubscription).
    @Test func anInnerCompletionBeforeItsSubscriptionTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let outer = PassthroughSubject<HeldSubscriberPublisher<Int, Never>, Never>()
            let inner = HeldSubscriberPublisher<Int, Never>()
            outer.switchToLatest().subscribe(ManualSubscriber<Int, Never>())
            outer.send(inner)
            inner.subscriber?.receive(completion: .finished)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("must call receive(subscription:) on its subscriber first"))
    }
}

// Where CombineKit deliberately differs from Combine (MigrationGuide.md, "Deliberate differences").
extension SwitchToLatestTests {
    // Combine delivers the current inner's values after the outer publisher failed, and a second
    // completion of the outer publisher (OpenCombine SwitchToLatestTests testInnerIgnoresEventsAfterOuterFails,
    // testOuterReceiveCompletionTwice); CombineKit delivers nothing after a completion.
    @Test func nothingIsDeliveredAfterACompletion() {
        let outer = ManualPublisher<ManualPublisher<Int, TestError>, TestError>()
        let inner = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(100))
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = outer.send(inner)
        outer.send(completion: .failure(.oops))
        #expect(inner.subscription.events == [.requested(.max(1)), .cancelled])
        #expect(inner.send(1) == .none)
        outer.send(completion: .finished)
        outer.send(completion: .failure(.oops))
        #expect(subscriber.values == [])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    // Combine asks for `.unlimited` from an inner subscription that arrives after the outer publisher failed
    // (OpenCombine SwitchToLatestTests.testSwitchToLatestOuterReceiveCompletionWhileWaitingForInnerSubscription);
    // CombineKit cancels it, as nothing it sends can be delivered.
    @Test func anInnerSubscriptionAfterTheFailureIsCancelled() {
        let outer = ManualPublisher<HeldSubscriberPublisher<Int, TestError>, TestError>()
        let inner = HeldSubscriberPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        outer.switchToLatest().subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        _ = outer.send(inner)
        outer.send(completion: .failure(.oops))
        let late = RecordingSubscription()
        inner.subscriber?.receive(subscription: late)
        #expect(late.events == [.cancelled])
        #expect(subscriber.completions == [.failure(.oops)])
    }
}

// `switchToLatest` takes a `Just` met by demand without subscribing it; the downstream must see exactly what a
// subscribed `Just` gives (Combine: a `Just` sends its value on the first demand asked of it, then finishes;
// OpenCombine JustTests). The oracle is the same script with each `Just` behind `AnyPublisher`, which hides
// its type and so is subscribed.
extension SwitchToLatestTests {
    struct JustScript: Sendable, CustomStringConvertible {
        let initial: Subscribers.Demand
        let perValue: Subscribers.Demand
        let cancelAt: Int?
        let later: Subscribers.Demand?
        var description: String {
            "initial \(initial), per value \(perValue), cancel at \(cancelAt.map(String.init) ?? "-"), later \(later.map { "\($0)" } ?? "-")"
        }
    }

    static let justScripts: [JustScript] = [
        JustScript(initial: .unlimited, perValue: .none, cancelAt: nil, later: nil),
        JustScript(initial: .max(1), perValue: .max(1), cancelAt: nil, later: nil),
        JustScript(initial: .max(2), perValue: .none, cancelAt: nil, later: .max(1)),
        JustScript(initial: .none, perValue: .none, cancelAt: nil, later: .max(2)),
        JustScript(initial: .max(1), perValue: .none, cancelAt: nil, later: .unlimited),
        JustScript(initial: .unlimited, perValue: .none, cancelAt: 2, later: nil),
        JustScript(initial: .max(1), perValue: .max(1), cancelAt: 3, later: nil),
    ]

    /// What the downstream sees when `Just`s of 1, 2, 3 are sent (made into inners by `inner`), the outer
    /// publisher finishes, and the downstream asks for `later` after the second and after the end.
    private static func run<Inner: Publisher>(_ script: JustScript, _ inner: @escaping (Int) -> Inner) -> [String]
        where Inner.Output == Int, Inner.Failure == Never {
        let outer = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: script.perValue)
        subscriber.onValue = { value in if value == script.cancelAt { subscriber.subscription?.cancel() } }
        outer.map(inner).switchToLatest().subscribe(subscriber)
        if script.initial > 0 { subscriber.subscription?.request(script.initial) }
        outer.send(1)
        outer.send(2)
        if let later = script.later { subscriber.subscription?.request(later) }
        outer.send(3)
        outer.send(completion: .finished)
        if let later = script.later { subscriber.subscription?.request(later) }
        return subscriber.values.map { "value \($0)" } + subscriber.completions.map { "\($0)" }
    }

    @Test(arguments: justScripts)
    func switchToLatestOfJustDeliversWhatASubscribedJustDelivers(_ script: JustScript) {
        let unsubscribed = Self.run(script) { Just($0) }
        let subscribed = Self.run(script) { Just($0).eraseToAnyPublisher() }
        #expect(unsubscribed == subscribed)
        #expect(!subscribed.isEmpty)
    }
}
