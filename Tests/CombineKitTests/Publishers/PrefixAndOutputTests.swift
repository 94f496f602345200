import CombineKit
import CombineKitTest
import Testing

@Suite struct PrefixAndOutputTests {
    @Test func prefixTakesCountThenFinishesAndCancelsUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        upstream.prefix(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(2, 2), .finished(2)])
        #expect(upstream.subscriptions[0].cancelled == 2)
    }

    @Test func prefixWithLimitedDemandAndFailure() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2, 3].publisher.eraseToAnyPublisher().prefix(2).subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).prefix(2).subscribe(failing)
        #expect(failing.completion == .failure(.oops))
    }

    @Test func prefixZeroFinishesImmediately() {
        let subscriber = TestSubscriber<Int, Never>()
        PassthroughSubject<Int, Never>().prefix(0).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func anEmptyRangeOfASynchronousPublisherPublishesNothing() {
        // The subscriber's first request reaches the upstream during receive(subscription:); an empty range
        // must already have ended by then.
        let prefixed = SinkRecorder([1, 2, 3].publisher.eraseToAnyPublisher().prefix(0))
        #expect(prefixed.values == [])
        #expect(prefixed.completions == [.finished])
        let inEmptyRange = SinkRecorder(Just(1).eraseToAnyPublisher().output(in: 0..<0))
        #expect(inEmptyRange.values == [])
        #expect(inEmptyRange.completions == [.finished])
    }

    @Test func outputAtAndInRange() {
        #expect(SinkRecorder((10...20).publisher.eraseToAnyPublisher().output(at: 2)).values == [12])
        #expect(SinkRecorder((10...20).publisher.eraseToAnyPublisher().output(in: 1...3)).values == [11, 12, 13])
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        (10...20).publisher.eraseToAnyPublisher().output(in: 2..<5).subscribe(limited)
        #expect(limited.values == [12])
        #expect(limited.demandViolations == 0)
    }

    @Test func outputCancelStops() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.output(in: 0..<5).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }

    // Combine's output(in:) returns the downstream's demand for the range's last element too, and cancels the
    // upstream before finishing (OpenCombine OutputTests.testBasicBehavior).
    @Test func theLastElementOfTheRangeReturnsTheDownstreamsDemand() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(5))
        upstream.output(in: 1..<3).subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        #expect(upstream.send(10) == .max(1))
        #expect(upstream.send(11) == .max(5))
        #expect(upstream.send(12) == .max(5))
        #expect(subscriber.values == [11, 12] && subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.max(2)), .cancelled])
        #expect(upstream.send(13) == .none)
    }

    // Combine's output(in:) ignores cancel() before its subscription arrived (only the upstream holds it then);
    // the late subscription reaches the downstream (OpenCombine OutputTests.testOutputCancelBeforeSubscription).
    @Test func cancelBeforeTheSubscriptionIsIgnored() throws {
        let (late, subscriber) = try cancelThenSubscribeLate { $0.output(in: 0..<3) }
        #expect(late.events == [])
        subscriber.subscription?.request(.max(1))
        #expect(late.events == [.requested(.max(1))])
    }

    // Deliberate difference: Combine's output(in:) passes on values an ill-behaved upstream sends after its
    // completion (OpenCombine OutputTests.testSendValuesAfterCompletion); CombineKit drops them.
    @Test func valuesAfterTheEndAreDropped() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        upstream.output(in: 1..<3).subscribe(subscriber)
        upstream.send(completion: .failure(.oops))
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(subscriber.values == [] && subscriber.completions == [.failure(.oops)])
    }

    @Test func prefixWhileStopsAtFirstFailingElement() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 5, 1].publisher.eraseToAnyPublisher().prefix { $0 < 3 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.eraseToAnyPublisher().prefix { $0 < 3 }.subscribe(limited)
        #expect(limited.values == [1])
    }

    @Test func tryPrefixWhileFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryPrefix { _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [] && subscriber.completion != nil)
    }

    // Combine's prefix(while:) and tryPrefix(while:) stop with a precondition on a value, a completion or a
    // request before their subscription arrived (OpenCombine's PrefixWhileTests.testPrefixWhileReceiveValue-,
    // ReceiveCompletion- and RequestBeforeSubscription, and their tryPrefix twins).
    @Test func prefixWhileStopsOnEventsBeforeItsSubscription() async {
        let value = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = LateSubscriptionPublisher<Int, Never>()
            upstream.prefix { _ in true }.subscribe(ManualSubscriber<Int, Never>())
            _ = upstream.subscriber?.receive(1)
        }
        let message = String(decoding: value?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("PrefixWhile received a value before a subscription"))
        await #expect(processExitsWith: .failure) {
            let upstream = LateSubscriptionPublisher<Int, Never>()
            upstream.prefix { _ in true }.subscribe(ManualSubscriber<Int, Never>())
            upstream.subscriber?.receive(completion: .finished)
        }
        await #expect(processExitsWith: .failure) {
            let upstream = LateSubscriptionPublisher<Int, Never>()
            upstream.tryPrefix { _ in true }.subscribe(ManualSubscriber<Int, Error>())
            upstream.inner?.request(.max(1))
        }
    }

    // After the end Combine ignores them: values after the failing element get .none and no predicate call
    // (OpenCombine's PrefixWhileTests.testPrefixWhileBasicBehavior).
    @Test func prefixWhileIgnoresEventsAfterTheEnd() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.prefix { $0 < 3 }.subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        subscription.request(.max(5))
        _ = upstream.send(1)
        _ = upstream.send(4)
        subscription.request(.max(1))
        upstream.send(completion: .finished)
        #expect(upstream.send(2) == Subscribers.Demand.none)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.count == 1)
        #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled])
    }

    @Test func prefixUntilOutputFinishesOnTrigger() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.prefix(untilOutputFrom: trigger).subscribe(subscriber)
        upstream.send(1)
        trigger.send(0)
        upstream.send(2)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
        let failing = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        let other = PassthroughSubject<Int, TestError>()
        other.prefix(untilOutputFrom: PassthroughSubject<Int, Never>()).subscribe(failing)
        other.send(1)
        other.send(2)
        other.send(completion: .failure(.oops))
        #expect(failing.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
    }
}
