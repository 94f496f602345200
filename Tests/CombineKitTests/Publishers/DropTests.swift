import CombineKit
import CombineKitTest
import Testing

@Suite struct DropTests {
    // Combine's dropFirst hands the downstream its subscription before it subscribes upstream, then asks the
    // upstream once for the downstream's demand plus the dropped count (OpenCombine's
    // DropTests.testDroppingTwoElements: .max(42) and dropFirst(2) make one request of .max(44)).
    @Test func dropFirstAsksTheUpstreamOnceForTheDownstreamsDemandPlusTheDroppedCount() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .value(4, 4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.dropFirst(2).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(3, 3)])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(3))])
    }

    // Combine: the downstream's requests before the upstream's subscription arrives are kept and asked
    // for with the dropped count when it arrives; the demand returned from receive(_:) goes back as it is
    // (OpenCombine's DropTests.testLateSubscription, testDroppingTwoElements).
    @Test func dropFirstKeepsDemandRequestedBeforeTheUpstreamsSubscription() {
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(3))
        upstream.dropFirst(4).subscribe(subscriber)
        #expect((subscriber.subscription as? CustomStringConvertible)?.description == "Drop")
        subscriber.subscription?.request(.max(10))
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events == [.requested(.max(14))])
        for value in 1...4 { #expect(upstream.subscriber?.receive(value) == Subscribers.Demand.none) }
        #expect(upstream.subscriber?.receive(5) == .max(3))
        #expect(subscriber.values == [5])
        subscriber.subscription?.request(.max(2))
        #expect(subscription.events == [.requested(.max(14)), .requested(.max(2))])
        let second = RecordingSubscription()
        upstream.sendSubscription(second)
        #expect(second.events == [.cancelled])
    }

    // Combine: the downstream already holds dropFirst's subscription, so a completion (or, for dropFirst(0),
    // a value) that arrives before the upstream's subscription reaches it (OpenCombine's
    // DropTests.testDropReceiveCompletionBeforeSubscription, testDropReceiveValueBeforeSubscription).
    @Test func dropFirstPassesEventsThatComeBeforeTheUpstreamsSubscription() {
        let upstream = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(42))
        upstream.dropFirst(0).subscribe(subscriber)
        #expect(upstream.subscriber?.receive(0) == .max(42))
        upstream.subscriber?.receive(completion: .finished)
        #expect(subscriber.values == [0])
        #expect(subscriber.completions.count == 1)
    }

    // Combine checks dropFirst's count when the publisher is subscribed, not when it is made (OpenCombine's
    // DropTests.testDropNegativeNumberOfItemsCrash builds dropFirst(-1) and expects the crash at subscribe).
    @Test func aNegativeCountStopsWhenSubscribed() async {
        _ = PassthroughSubject<Int, Never>().dropFirst(-1)
        let exit = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            PassthroughSubject<Int, Never>().dropFirst(-1).subscribe(ManualSubscriber<Int, Never>())
        }
        let message = String(decoding: exit?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("dropFirst(_:) was given a negative count"))
    }

    // Deliberate difference (MigrationGuide): Combine's dropFirst accepts a subscription after the downstream
    // cancelled or after the end, and passes every completion and later value on; CombineKit cancels such a
    // subscription and drops what comes after the end.
    @Test func afterCancelOrTheEndNothingMoreGetsThrough() {
        let late = LateSubscriptionPublisher<Int, Never>()
        let cancelled = ManualSubscriber<Int, Never>()
        late.dropFirst(2).subscribe(cancelled)
        cancelled.subscription?.cancel()
        let arriving = RecordingSubscription()
        late.sendSubscription(arriving)
        #expect(arriving.events == [.cancelled])

        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(1))
        upstream.dropFirst(1).subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        _ = upstream.send(1)
        _ = upstream.send(2)
        upstream.send(completion: .finished)
        upstream.send(completion: .failure(.oops))
        #expect(upstream.send(3) == Subscribers.Demand.none)
        #expect(subscriber.values == [2])
        #expect(subscriber.completions.count == 1)
        let again = RecordingSubscription()
        upstream.subscriber?.receive(subscription: again)
        #expect(again.events == [.cancelled])
    }

    // Combine: drop(while:) and tryDrop(while:) ignore a cancel before their upstream subscription arrived and
    // accept that subscription when it comes (OpenCombine DropWhileTests, testDropWhileCancelBeforeSubscription,
    // testTryDropWhileCancelBeforeSubscription); a cancel from the downstream, which holds the subscription,
    // cancels the upstream (testCancelAlreadyCancelled) and lets it go.
    @Test func dropWhileIgnoresACancelBeforeItsSubscription() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.drop { _ in true } }
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.tryDrop { _ in true } }
    }

    // Combine's drop(while:) drops a completion that comes before its subscription (OpenCombine DropWhileTests,
    // testDropWhileReceiveCompletionBeforeSubscription).
    @Test func dropWhileDropsACompletionBeforeItsSubscription() {
        let (late, subscriber) = completeThenSubscribeLate { $0.drop { _ in true } }
        #expect(subscriber.completions.isEmpty)
        #expect(late.events == [])
        #expect(subscriber.subscription != nil)
    }

    // Combine's dropFirst asks for the dropped elements before the downstream asks for any, so a subject's
    // first elements are dropped even when sent without downstream demand (OpenCombine's DropTests).
    @Test func dropFirstDropsASubjectsFirstElementsSentBeforeAnyDownstreamDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        subject.dropFirst(2).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.subscription?.request(.max(1))
        subject.send(3)
        #expect(subscriber.values == [3])
    }

    @Test func dropFirstForwardsCompletionFailureAndCancel() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2, 3].publisher.eraseToAnyPublisher().dropFirst().subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 3), .finished(0)])
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).dropFirst().subscribe(failing)
        #expect(failing.completion == .failure(.oops))
        let subject = PassthroughSubject<Int, Never>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.dropFirst(0).subscribe(cancelled)
        cancelled.cancel()
        subject.send(1)
        #expect(cancelled.values == [])
    }

    @Test func dropWhileThenPassesEverything() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 5, 1, 7].publisher.eraseToAnyPublisher().drop { $0 < 3 }.subscribe(subscriber)
        #expect(subscriber.values == [5, 1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [5, 1, 7])
        #expect(subscriber.completion == .finished)
    }

    @Test func tryDropWhileFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2].publisher.tryDrop { _ in throw TestError.oops }.subscribe(subscriber)
        #expect(subscriber.values == [])
        #expect(subscriber.completion != nil)
    }

    // Combine: an element dropped before the trigger uses up one of the subscriber's demand (OpenCombine's
    // DropUntilOutputTests.testDemand), so of .max(2) one is left for 2, and the subject drops 3 and 4.
    @Test func dropUntilOutputFromOtherPublisher() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(2))
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        upstream.send(1)
        trigger.send(())
        upstream.send(2)
        upstream.send(3)
        upstream.send(4)
        upstream.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .finished(0)])
    }

    @Test func dropUntilOutputFailsWhenTriggerFails() {
        let upstream = PassthroughSubject<Int, TestError>()
        let trigger = PassthroughSubject<Void, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        upstream.drop(untilOutputFrom: trigger).subscribe(subscriber)
        trigger.send(completion: .failure(.oops))
        upstream.send(1)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func dropUntilOutputCancelStopsValues() {
        let upstream = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        upstream.drop(untilOutputFrom: Just(())).subscribe(subscriber)
        upstream.send(1)
        subscriber.cancel()
        upstream.send(2)
        #expect(subscriber.values == [1])
    }
}
