import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct FlatMapTests {
    @Test func flattensAllInnerPublishers() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.flatMap { value in [value, value * 10].publisher }.subscribe(subscriber)
        #expect(subscriber.values == [1, 10, 2, 20, 3, 30])
        #expect(subscriber.completion == .finished)
    }

    @Test func maxPublishersLimitsUpstreamDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.flatMap(maxPublishers: .max(1)) { value in
            TestPublisher<Int, Never>.cold(scheduler, [.value(10, value), .finished(10)])
        }.subscribe(subscriber)
        scheduler.run()
        // One inner at a time: the next upstream element is requested when the inner finishes.
        #expect(subscriber.events == [.subscription(0), .value(11, 1), .value(21, 2), .value(31, 3), .finished(31)])
        #expect(upstream.subscriptions[0].requests.map(\.demand) == [.max(1), .max(1), .max(1)])
    }

    // Combine delivers every inner value as the demand returned from `receive(_:)` allows (OpenCombine's
    // FlatMapTests.testFlatMapOneByOne records Combine's output for this pattern).
    @Test func demandReturnedFromReceiveReachesTheInnerPublishers() {
        struct Failed: Error {}
        let subject = PassthroughSubject<Int, Failed>()
        let subscriber = ManualSubscriber<Int, Failed>(demandPerValue: .max(1))
        subject.flatMap { [$0, $0 + 100].publisher.setFailureType(to: Failed.self) }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1, 101, 2, 102])
        #expect(subscriber.completions.count == 1)
    }

    @Test func limitedDownstreamDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        [1, 2].publisher.flatMap { value in [value, value, value].publisher }.subscribe(subscriber)
        #expect(subscriber.values == [1, 1, 1])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func innerFailureFailsAndCancel() {
        let subscriber = TestSubscriber<Int, TestError>()
        let upstream = PassthroughSubject<Int, TestError>()
        upstream.flatMap { _ in Fail<Int, TestError>(error: .oops) }.subscribe(subscriber)
        upstream.send(1)
        upstream.send(2)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        let cancelled = TestSubscriber<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        other.flatMap { _ in inner }.subscribe(cancelled)
        other.send(1)
        inner.send(5)
        cancelled.cancel()
        inner.send(6)
        #expect(cancelled.values == [5])
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: flatMap

    @Test func flatMapOfJustGivesALimitedSubscriberExactlyItsDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        subject.flatMap { Just($0 * 10) }.subscribe(subscriber)
        for value in 1...10 { subject.send(value) }
        #expect(subscriber.values == [10, 20, 30])
        subscriber.request(.max(2))
        #expect(subscriber.values.count == 5)
        #expect(subscriber.demandViolations == 0)
        subject.send(completion: .finished)
        // Each `Just` was asked for one value when it subscribed (Combine); the five not yet delivered wait
        // for demand, and the completion waits behind them.
        #expect(subscriber.completion == nil)
        subscriber.request(.unlimited)
        #expect(Set(subscriber.values) == Set((1...10).map { $0 * 10 }))
        #expect(subscriber.completion == .finished)
    }

    @Test func flatMapHandlesAValueArrivingWhileAnInnerCompletes() {
        // The subscriber sends the next outer value from inside the delivery of an inner value: the new
        // inner subscribes while the previous inner has delivered but not yet completed.
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value < 5 { subject.send(value + 1) }
        })
        subject.flatMap { Just($0) }.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [1, 2, 3, 4, 5])
        subject.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func flatMapReusesSlotsAndStillTracksLongLivedInners() {
        // Inner subjects outlive many `Just` inners whose slots are freed and reused.
        let outer = PassthroughSubject<Int, Never>()
        let inners = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.flatMap { index -> AnyPublisher<Int, Never> in
            index < 0 ? inners[-index - 1].eraseToAnyPublisher() : Just(index).eraseToAnyPublisher()
        }.subscribe(subscriber)
        outer.send(-1)
        for value in 1...3 { outer.send(value) }
        outer.send(-2)
        for value in 4...6 { outer.send(value) }
        inners[0].send(100)
        inners[1].send(200)
        outer.send(completion: .finished)
        inners[0].send(completion: .finished)
        #expect(subscriber.completion == nil)
        inners[1].send(201)
        inners[1].send(completion: .finished)
        #expect(subscriber.values == [1, 2, 3, 4, 5, 6, 100, 200, 201])
        #expect(subscriber.completion == .finished)
    }

    @Test func flatMapCancelledMidDeliveryDeliversNothingMore() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value == 2 { subscriber.cancel() }
        })
        subject.flatMap { Just($0) }.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subject.send(completion: .finished)
        #expect(subscriber.completion == nil)
        subscriber = nil
    }

    @Test func flatMapCancelledMidDeliveryReleasesTheSink() {
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token(0)
            weakToken = token
            cancellable = subject.flatMap { Just($0) }.sink { value in
                received.append(value + token.value)
                if value == 2 { cancellable?.cancel() }
            }
        }
        for value in 1...4 { subject.send(value) }
        #expect(received == [1, 2])
        cancellable = nil
        #expect(weakToken == nil)
    }

    @Test func flatMapFailureOfAnInnerCancelsTheOthersAndFailsOnce() {
        let outer = PassthroughSubject<Int, TestError>()
        let inner = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        outer.flatMap { value -> AnyPublisher<Int, TestError> in
            value == 0 ? inner.eraseToAnyPublisher() : Fail(error: TestError.oops).eraseToAnyPublisher()
        }.subscribe(subscriber)
        outer.send(0)
        inner.send(1)
        outer.send(1)
        inner.send(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.oops))
    }

    // Combine: once cancelled, a subscription delivers nothing more (`Cancellable.cancel()`), not even the
    // value of a `Just` that the transform which cancelled it returns.
    @Test func aJustReturnedByATransformThatCancelsIsNotDelivered() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        subject.flatMap { value -> Just<Int> in
            if value == 2 { subscriber.cancel() }
            return Just(value * 10)
        }.subscribe(subscriber)
        for value in 1...3 { subject.send(value) }
        #expect(subscriber.values == [10])
        #expect(subscriber.completion == nil)
    }

    // Combine: each `Just` finishes as soon as it has sent its value, so under `maxPublishers: .max(1)` the
    // upstream is asked for its next value even while the downstream has no demand for the last one, which
    // waits (OpenCombine FlatMapTests record the `.max(1)` per finished inner).
    @Test func aJustWhoseValueWaitsForDemandStillFinishes() {
        let outer = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        outer.handleEvents(receiveRequest: { requests.append($0) })
            .flatMap(maxPublishers: .max(1)) { Just($0) }
            .subscribe(subscriber)
        outer.send(1)
        outer.send(2)
        outer.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(requests == [.max(1), .max(1), .max(1)])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
    }

    @Test func flatMapWithMaxPublishersAsksForOneMoreOuterValuePerFinishedInner() {
        let outer = PassthroughSubject<Int, Never>()
        var requests: [Subscribers.Demand] = []
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.handleEvents(receiveRequest: { requests.append($0) })
            .flatMap(maxPublishers: .max(2)) { Just($0) }
            .subscribe(subscriber)
        outer.send(1)
        outer.send(2)
        #expect(subscriber.values == [1, 2])
        #expect(requests == [.max(2), .max(1), .max(1)])
    }
}

/// A publisher that keeps whatever subscribes to it, as it is (not wrapped), for the tests that look at
/// the operator's own subscriber objects.
private final class KeepingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var kept: Any?
    private(set) var subscriber: AnySubscriber<Output, Failure>?
    let subscription = RecordingSubscription()
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        kept = subscriber
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: subscription)
    }
}

// Combine's flatMap demand and lifecycle (OpenCombine's FlatMapTests record Apple's behaviour).
extension FlatMapTests {
    // Combine: the downstream receives its subscription before flatMap subscribes to the upstream
    // (OpenCombine FlatMapTests.testSendsSubscriptionDownstreamBeforeSubscribingToUpstream).
    @Test func theDownstreamIsSubscribedBeforeTheUpstream() {
        var order: [String] = []
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { _ in order.append("downstream") })
        Deferred { () -> ManualPublisher<Int, Never> in
            order.append("upstream")
            return upstream
        }.flatMap { Just($0) }.subscribe(subscriber)
        #expect(order == ["downstream", "upstream"])
    }

    // Combine asks each inner publisher for one value at a time while the downstream's demand is limited,
    // even while it is zero, and returns `.max(1)` for each value it delivers (OpenCombine FlatMapTests
    // testChildDemandWhenLimited, testSendsValuesUntilBufferIsEmpty).
    @Test func innerPublishersAreAskedForOneValueAtATimeUnderLimitedDemand() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.flatMap { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        outer.send(first)
        outer.send(second)
        #expect(first.subscription.events == [.requested(.max(1))])
        #expect(second.subscription.events == [.requested(.max(1))])
        #expect(first.send(1) == .max(1))
        #expect(first.send(2) == .max(1))
        // No demand left: the values wait, and their publishers are asked for nothing more.
        #expect(first.send(3) == .none)
        #expect(second.send(4) == .none)
        #expect(subscriber.values == [1, 2])
        // Each waiting value, once delivered, asks its own publisher for one more.
        subscriber.subscription?.request(.max(5))
        #expect(subscriber.values == [1, 2, 3, 4])
        #expect(first.subscription.events == [.requested(.max(1)), .requested(.max(1))])
        #expect(second.subscription.events == [.requested(.max(1)), .requested(.max(1))])
        // Demand is left now: the next value goes straight through.
        #expect(second.send(5) == .max(1))
        #expect(subscriber.values == [1, 2, 3, 4, 5])
    }

    // Combine: an inner publisher subscribed while the downstream has no demand is still asked for `.max(1)`
    // (OpenCombine FlatMapTests.testDownstreamFinishesWhenUpstreamAndChildFinishes).
    @Test func anInnerPublisherIsAskedForOneValueWithoutDownstreamDemand() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(subscriber)
        outer.send(inner)
        #expect(inner.subscription.events == [.requested(.max(1))])
    }

    // Combine: when the downstream's demand becomes unlimited, every inner publisher is asked for
    // `.unlimited`, and later ones are asked for `.unlimited` at once (OpenCombine FlatMapTests
    // testDemandFromLimitedToUnlimited, testChildDemandWhenUnlimited).
    @Test func unlimitedDemandReachesEveryInnerPublisher() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.flatMap { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        outer.send(first)
        subscriber.subscription?.request(.unlimited)
        outer.send(second)
        #expect(first.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
        #expect(second.subscription.events == [.requested(.unlimited)])
        #expect(second.send(7) == .none)
        #expect(subscriber.values == [7])
    }

    // Combine: demand the downstream returns from `receive(_:)` that makes its demand unlimited reaches
    // the inner publishers too, so none is left waiting with the `.max(1)` it had.
    @Test func unlimitedDemandReturnedFromReceiveReachesTheInnerPublishers() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .unlimited)
        outer.flatMap { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        outer.send(inner)
        _ = inner.send(1)
        #expect(inner.subscription.events == [.requested(.max(1)), .requested(.unlimited)])
        _ = inner.send(2)
        #expect(subscriber.values == [1, 2])
    }

    // Combine: a value an inner publisher sends from inside the downstream's `receive(_:)` is delivered
    // within the demand left, and its publisher gets `.max(1)` back (OpenCombine FlatMapTests
    // testChildValueReceivedWhileSendingValue).
    @Test func aValueSentFromInsideReceiveIsDeliveredWithinTheDemandLeft() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let first = ManualPublisher<Int, Never>()
        let second = ManualPublisher<Int, Never>()
        var returnedFromNested: Subscribers.Demand?
        let subscriber = ManualSubscriber<Int, Never>()
        subscriber.onValue = { value in
            if value == 1 { returnedFromNested = second.send(2) }
        }
        outer.flatMap { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        outer.send(first)
        outer.send(second)
        #expect(first.send(1) == .max(1))
        #expect(returnedFromNested == .max(1))
        #expect(subscriber.values == [1, 2])
        #expect(second.subscription.events == [.requested(.max(1))])
    }

    // Combine finishes only once the values waiting for demand are delivered (OpenCombine FlatMapTests
    // testDoesNotCompleteWithBufferedValues).
    @Test func theCompletionWaitsForTheWaitingValues() {
        let outer = PassthroughSubject<Void, Never>()
        let inner = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.flatMap { inner }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        outer.send()
        #expect(inner.send(1) == .max(1))
        #expect(inner.send(2) == .none)
        outer.send(completion: .finished)
        inner.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        subscriber.subscription?.request(.unlimited)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions.count == 1)
    }

    // Combine: a `request(_:)` from inside `receive(_:)` adds demand without delivering re-entrantly
    // (OpenCombine FlatMapTests.testRecursiveRequest).
    @Test func aRequestFromInsideReceiveAddsDemandWithoutRecursion() {
        let outer = PassthroughSubject<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        var depth = 0
        var deepest = 0
        subscriber.onValue = { value in
            depth += 1
            deepest = max(deepest, depth)
            if value == 0 { subscriber.subscription?.request(.max(3)) }
            depth -= 1
        }
        outer.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        outer.send(inner)
        #expect((0...3).map { inner.send($0) } == Array(repeating: .max(1), count: 4))
        #expect(inner.send(4) == .none)
        #expect(subscriber.values == [0, 1, 2, 3])
        #expect(deepest == 1)
    }

    // Combine cancels a cancelled flatMap's later upstream subscription, and finishes the downstream on a
    // completion that arrives before the subscription (OpenCombine FlatMapTests
    // testFlatMapReceiveCompletionBeforeSubscription, testFlatMapReceiveSubscriptionTwice).
    @Test func subscriptionLifecycleEdges() {
        let late = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        late.flatMap { Just($0) }.subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        subscriber.subscription?.cancel()
        let subscription = RecordingSubscription()
        late.sendSubscription(subscription)
        #expect(subscription.events == [.cancelled])

        let finishing = LateSubscriptionPublisher<Int, Never>()
        let finished = ManualSubscriber<Int, Never>()
        finishing.flatMap { Just($0) }.subscribe(finished)
        finishing.subscriber?.receive(completion: .finished)
        #expect(finished.completions.count == 1)
    }

    // Combine cancels a second subscription an inner publisher hands its subscriber.
    @Test func aSecondInnerSubscriptionIsCancelled() {
        let outer = PassthroughSubject<Void, Never>()
        let inner = KeepingPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        outer.flatMap { inner }.subscribe(subscriber)
        outer.send()
        let second = RecordingSubscription()
        inner.subscriber?.receive(subscription: second)
        #expect(second.events == [.cancelled])
        #expect(inner.subscription.events == [.requested(.max(1))])
    }

    // Combine's flatMap and its inner subscribers describe themselves as "FlatMap"; an inner subscriber's
    // mirror names the flatMap's subscription (OpenCombine FlatMapTests.testFlatMapReflection).
    @Test func descriptionsAndMirrors() throws {
        let outer = KeepingPublisher<Int, Never>()
        let inner = KeepingPublisher<Int, Never>()
        outer.flatMap { _ in inner }.subscribe(ManualSubscriber<Int, Never>())
        let flatMap = try #require(outer.kept as? Subscription & CustomStringConvertible & CustomReflectable)
        #expect(flatMap.description == "FlatMap")
        #expect(flatMap.customMirror.children.isEmpty)
        #expect((flatMap as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "FlatMap")
        _ = outer.subscriber?.receive(0)
        let side = try #require(inner.kept)
        #expect((side as? CustomStringConvertible)?.description == "FlatMap")
        #expect((side as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "FlatMap")
        #expect(!(side is CustomDebugStringConvertible))
        let children = try #require((side as? CustomReflectable)?.customMirror.children)
        #expect(children.map(\.label) == ["parentSubscription"])
        #expect(children.first?.value as? CombineIdentifier == flatMap.combineIdentifier)
    }

    // Combine: flatMap(maxPublishers: .none) asks its upstream for `.max(0)`, after the downstream has its
    // subscription (OpenCombine FlatMapTests, testSendsSubscriptionDownstreamBeforeSubscribingToUpstream).
    @Test func maxPublishersNoneAsksTheUpstreamForNone() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.flatMap(maxPublishers: .none) { Just($0) }.subscribe(subscriber)
        #expect(subscriber.subscription != nil)
        #expect(upstream.subscription.events == [.requested(.none)])
    }
}

// Where CombineKit deliberately differs from Combine (MigrationGuide.md, "Deliberate differences").
extension FlatMapTests {
    // Combine leaves the upstream running when an inner publisher fails; CombineKit cancels it, so a
    // subject upstream releases the finished pipeline.
    @Test func anInnerFailureCancelsTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.flatMap { _ in Fail<Int, TestError>(error: .oops) }.subscribe(subscriber)
        _ = upstream.send(1)
        #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
        #expect(subscriber.completions == [.failure(.oops)])
    }

    // Combine asks the upstream for another publisher on every completion an inner publisher sends, even a
    // second one; CombineKit counts an inner publisher's completion once, so `maxPublishers` holds.
    @Test func aSecondCompletionOfAnInnerPublisherIsIgnored() {
        let upstream = ManualPublisher<ManualPublisher<Int, Never>, Never>()
        let inner = ManualPublisher<Int, Never>()
        upstream.flatMap(maxPublishers: .max(1)) { $0 }.subscribe(ManualSubscriber<Int, Never>())
        _ = upstream.send(inner)
        inner.send(completion: .finished)
        inner.send(completion: .finished)
        #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(1))])
    }

    // Combine delivers a value an inner publisher sends from inside the downstream's failure
    // (OpenCombine FlatMapTests.testDownstreamLockReentrance); CombineKit delivers nothing after a completion.
    @Test func nothingIsDeliveredAfterTheFailure() {
        let upstream = PassthroughSubject<Void, TestError>()
        let inner = ManualPublisher<Int, TestError>()
        var values: [Int] = []
        var completions = 0
        upstream.flatMap { inner }.subscribe(AnySubscriber<Int, TestError>(
            receiveSubscription: { $0.request(.max(5)) },
            receiveValue: { value in
                values.append(value)
                return .none
            },
            receiveCompletion: { _ in
                completions += 1
                _ = inner.send(1)
            }))
        upstream.send()
        inner.send(completion: .failure(.oops))
        #expect(values == [])
        #expect(completions == 1)
    }

    // Combine stops the process when the upstream sends its failure again from inside the cancellation of
    // the inner publishers (OpenCombine FlatMapTests.testCrashesWhenUpstreamFailsDuringChildCancellation);
    // CombineKit ignores a second completion wherever it comes from.
    @Test func aFailureSentAgainWhileCancellingTheInnersIsIgnored() {
        final class CallingBack: Subscription, @unchecked Sendable {
            var onCancel: () -> Void = {}
            func request(_ demand: Subscribers.Demand) {}
            func cancel() { onCancel() }
        }
        struct Handing: Publisher {
            typealias Output = Int
            typealias Failure = TestError
            let subscription: CallingBack
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
                subscriber.receive(subscription: subscription)
            }
        }
        let upstream = ManualPublisher<Int, TestError>()
        let innerSubscription = CallingBack()
        var cancels = 0
        innerSubscription.onCancel = {
            cancels += 1
            if cancels < 5 { upstream.send(completion: .failure(.oops)) }
        }
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.flatMap { _ in Handing(subscription: innerSubscription) }.subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        _ = upstream.send(1)
        upstream.send(completion: .failure(.oops))
        #expect(cancels == 1)
        #expect(subscriber.completions == [.failure(.oops)])
    }
}
