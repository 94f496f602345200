import CombineKit
import CombineKitTest
import Testing

@Suite struct JustTests {
    @Test func emitsOnceOnDemandThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(5).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 5), .finished(0)])
    }

    @Test func cancelBeforeDemandSendsNothing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(5).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(subscriber.values == [])
    }

    @Test func specialisationsKeepTheType() {
        let mapped: Just<String> = Just(1).map { "\($0)" }
        #expect(mapped.output == "1")
        let filtered: Optional<Int>.Publisher = Just(1).filter { $0 > 1 }
        #expect(filtered.output == nil)
        let failing: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
        #expect(failing.result == .success(1))
    }

    @Test func descriptionIsJust() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(1).subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "Just")
    }
}

// The fast-path edges of this operator (see FlatteningFastPathTests).
extension FlatteningFastPathTests {
    // MARK: Just's subscription

    @Test func justDeliversOnceEvenIfRequestedTwice() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(7).subscribe(subscriber)
        subscriber.request(.max(1))
        subscriber.request(.max(1))
        #expect(subscriber.values == [7])
        #expect(subscriber.completion == .finished)
    }

    @Test func justCancelledBeforeDemandDeliversNothingAndReleasesBoth() {
        weak var weakToken: Token?
        weak var weakSubscriber: ManualSubscriber<Token, Never>?
        do {
            let token = Token(1)
            weakToken = token
            let subscriber = ManualSubscriber<Token, Never>()
            weakSubscriber = subscriber
            Just(token).subscribe(subscriber)
            let subscription = subscriber.subscription
            subscriber.subscription = nil  // the test holds it: no cycle through the subscriber
            subscription?.cancel()
            subscription?.request(.unlimited)
            #expect(subscriber.values.isEmpty)
            #expect(subscriber.completions.isEmpty)
        }
        #expect(weakToken == nil)
        #expect(weakSubscriber == nil)
    }

    @Test func justSubscriptionReleasesTheSubscriberOnceDelivered() {
        weak var weakSubscriber: ManualSubscriber<Int, Never>?
        var subscription: Subscription?
        do {
            let subscriber = ManualSubscriber<Int, Never>()
            weakSubscriber = subscriber
            Just(3).subscribe(subscriber)
            subscription = subscriber.subscription
            subscriber.subscription = nil
            subscription?.request(.max(1))
            #expect(subscriber.values == [3])
            #expect(subscriber.completions.count == 1)
        }
        // The subscription is still held; the subscriber it delivered to is not.
        #expect(subscription != nil)
        #expect(weakSubscriber == nil)
    }

    @Test func optionalAndResultPublishersKeepTheirDescriptions() {
        let optional = TestSubscriber<Int, Never>(initialDemand: .none)
        Optional(1).publisher.subscribe(optional)
        #expect(String(describing: optional.subscription!) == "Optional")
        let result = TestSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.Publisher(2).subscribe(result)
        #expect(String(describing: result.subscription!) == "Once")
        result.request(.max(1))
        #expect(result.values == [2])
        #expect(result.completion == .finished)
    }
}
