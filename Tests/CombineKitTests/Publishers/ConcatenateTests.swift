import CombineKit
import CombineKitTest
import Testing

@Suite struct ConcatenateTests {
    @Test func appendAndPrependElements() {
        #expect(SinkRecorder(Just(2).append(3, 4).prepend(0, 1)).values == [0, 1, 2, 3, 4])
        #expect(SinkRecorder(Just(2).append([3]).prepend([1])).values == [1, 2, 3])
    }

    @Test func suffixGetsUnusedDemandOnlyAfterPrefixFinishes() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .finished(2)])
        let second = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 2), .value(2, 3), .finished(3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(2))
        first.append(second).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .value(3, 2)])
        #expect(second.subscriptions == [.init(subscribed: 2, requests: [.init(time: 2, demand: .max(1))])])
    }

    @Test func failureInPrefixSkipsSuffix() {
        let subscriber = TestSubscriber<Int, TestError>()
        var subscribedSuffix = false
        Fail<Int, TestError>(error: .oops).append(Deferred { () -> Empty<Int, TestError> in subscribedSuffix = true; return Empty() }).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
        #expect(!subscribedSuffix)
    }

    @Test func cancelStopsBothParts() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.append(5).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
    }

    // Combine: once the prefix finished, a late value from it is not passed on, while the suffix's values
    // are (OpenCombine ConcatenateTests, testAppendBasicBehavior).
    @Test func aLateValueFromTheFinishedPrefixIsDropped() {
        let prefix = ManualPublisher<Int, TestError>()
        let suffix = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(1))
        prefix.append(suffix).subscribe(subscriber)
        subscriber.subscription?.request(.max(10))
        #expect(prefix.send(1) == .max(1))
        prefix.send(completion: .finished)
        #expect(suffix.subscription.events == [.requested(.max(10))])
        #expect(prefix.send(4000) == .none)
        #expect(suffix.send(5) == .max(1))
        #expect(subscriber.values == [1, 5])
    }

    // Combine's concatenate passes every request to the part subscribed, `.none` included, and adds the
    // requests made while the suffix subscribes to what it asks the suffix for (OpenCombine
    // ConcatenateTests, testBackpressure: 10 requested, 1 used, 3 returned, 7 more → .max(19)).
    @Test func requestsReachThePartSubscribedAndCarryOver() {
        let prefix = ManualPublisher<Int, Never>()
        let suffix = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(3))
        prefix.append(suffix).subscribe(subscriber)
        subscriber.subscription?.request(.max(10))
        subscriber.subscription?.request(.none)
        #expect(prefix.send(3) == .max(3))
        prefix.send(completion: .finished)
        subscriber.subscription?.request(.max(7))
        let second = RecordingSubscription()
        suffix.sendSubscription(second)
        subscriber.subscription?.request(.unlimited)
        #expect(prefix.subscription.events == [.requested(.max(10)), .requested(.none)])
        #expect(second.events == [.requested(.max(19)), .requested(.unlimited)])
    }

    // Combine's concatenate drops a prefix value sent beyond the downstream's demand, also one sent from
    // within receive(_:) (OpenCombine ConcatenateTests, testRecursivelyReceiveValue).
    @Test func aPrefixValueBeyondDemandIsDropped() {
        let prefix = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        var sends = 0
        subscriber.onValue = { value in
            guard sends < 10 else { return }
            sends += 1
            #expect(prefix.send(value + 1) == .none)
        }
        prefix.append().subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        #expect(prefix.send(1) == .none)
        #expect(subscriber.values == [1, 2, 3])
    }

    // Combine gives the prefix and the suffix subscribers of their own types that share the downstream's
    // subscription's combineIdentifier (OpenCombine ConcatenateTests, testCombineIdentifier).
    @Test func theTwoSubscribersShareTheSubscriptionsIdentifier() {
        let prefix = LateSubscriptionPublisher<Int, Never>()
        let suffix = LateSubscriptionPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        prefix.append(suffix).subscribe(subscriber)
        prefix.sendSubscription(RecordingSubscription())
        prefix.subscriber?.receive(completion: .finished)
        let identifier = subscriber.subscription?.combineIdentifier
        #expect(identifier != nil)
        #expect(prefix.subscriber?.combineIdentifier == identifier)
        #expect(suffix.subscriber?.combineIdentifier == identifier)
        #expect(prefix.inner == nil && suffix.inner == nil)
    }
}
