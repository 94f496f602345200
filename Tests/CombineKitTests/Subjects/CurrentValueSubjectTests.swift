import CombineKit
import CombineKitTest
import Testing
import Dispatch

@Suite struct CurrentValueSubjectTests {
    @Test func deliversCurrentValueOnFirstDemand() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1])
    }

    @Test func sendUpdatesValueAndPublishes() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.value = 2
        #expect(subject.value == 2)
        #expect(subscriber.values == [0, 1, 2])
    }

    @Test func dropsValuesWithoutDemand() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [0])
        #expect(subscriber.demandViolations == 0)
    }

    // Apple: CurrentValueSubject "maintains a buffer of the most recently published element": a value
    // dropped for lack of demand is delivered (as the current value) on the next demand.
    @Test func nextDemandAfterADropDeliversTheLatestValue() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.request(.max(1))
        #expect(subscriber.values == [0, 2])
    }

    @Test func completionEndsAndLateSubscribersGetOnlyCompletion() {
        let subject = CurrentValueSubject<Int, TestError>(5)
        let early = TestSubscriber<Int, TestError>()
        subject.subscribe(early)
        subject.send(completion: .failure(.oops))
        subject.send(6)
        let late = TestSubscriber<Int, TestError>()
        subject.subscribe(late)
        #expect(early.events == [.subscription(0), .value(0, 5), .failure(0, .oops)])
        #expect(late.events == [.subscription(0), .failure(0, .oops)])
        #expect(subject.value == 5)
    }

    // See PassthroughSubjectTests: the unused subscription object of a late subscriber keeps nothing.
    @Test func aLateSubscriberIsNotKeptByTheCompletedSubject() {
        let subject = CurrentValueSubject<Int, Never>(5)
        subject.send(completion: .finished)
        weak var weakSubscriber: TestSubscriber<Int, Never>?
        do {
            let subscriber = TestSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
            #expect(subscriber.events == [.subscription(0), .finished(0)])
        }
        #expect(weakSubscriber == nil)
    }

    @Test func cancelStopsValues() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subscriber.subscription?.cancel()
        subject.send(1)
        #expect(subscriber.values == [0])
    }

    @Test func reentrantRequestInsideReceiveDoesNotDuplicate() {
        let subject = CurrentValueSubject<Int, Never>(0)
        var values: [Int] = []
        var subscription: Subscription?
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { subscription = $0; $0.request(.max(1)) },
                                                   receiveValue: { values.append($0); subscription?.request(.max(1)); return .none })
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(values == [0, 1, 2])
    }

    @Test func subscriptionDescriptionIsCurrentValueSubject() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "CurrentValueSubject")
    }

    // Combine: after the completion, setting `value` still changes it (nothing is published), while
    // `send(_:)` changes nothing (OpenCombine CurrentValueSubjectTests.testChangeValueAfterCompletion,
    // testSendValueAfterCompletion).
    @Test func valueStillChangesAfterTheCompletion() {
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.send(completion: .finished)
        subject.send(1)
        #expect(subject.value == 0)
        subject.value = 42
        #expect(subject.value == 42)
    }

    // Combine: unlike a passthrough subject, a current-value subject asks the subscriptions it is sent for
    // `.unlimited` at once, and cancels them when deinitialised (OpenCombine CurrentValueSubjectTests.
    // testSendSubscription, testCancelsUpstreamSubscriptionsOnDeinit).
    @Test func asksUpstreamAtOnceAndCancelsItOnDeinit() {
        let upstream = RecordingSubscription()
        do {
            let subject = CurrentValueSubject<Int, Never>(0)
            subject.send(subscription: upstream)
            #expect(upstream.events == [.requested(.unlimited)])
        }
        #expect(upstream.events == [.requested(.unlimited), .cancelled])
    }

    // Combine: a subscriber that asks from inside `receive(subscription:)` gets the current value at once,
    // inside that call, and may subscribe again from there (OpenCombine CurrentValueSubjectTests.testMultipleSubscriptions).
    @Test func currentValueArrivesInsideReceiveSubscriptionWhenAskedThere() {
        let subject = CurrentValueSubject<Int, Never>(112)
        var events: [String] = []
        var subscriptions = 0
        func subscribe() {
            subject.subscribe(AnySubscriber<Int, Never>(receiveSubscription: { subscription in
                                                            subscription.request(.unlimited)
                                                            events.append("subscription")
                                                            subscriptions += 1
                                                            if subscriptions < 3 { subscribe() }
                                                        },
                                                        receiveValue: { events.append("value \($0)"); return .none }))
        }
        subscribe()
        #expect(events == ["value 112", "subscription", "value 112", "subscription", "value 112", "subscription"])
        subject.send(7)
        #expect(events.suffix(3) == ["value 7", "value 7", "value 7"])
    }

    // CombineKit: a request made from another thread while the subscriber is still inside
    // `receive(subscription:)` delivers only once that call has returned (a subscriber is never called
    // concurrently, Combine's `Subscriber` contract).
    @Test func aRequestFromAnotherThreadWaitsForReceiveSubscriptionToReturn() {
        let subject = CurrentValueSubject<Int, Never>(5)
        let events = NSLockBox()
        var recorded: [String] = []
        subject.subscribe(AnySubscriber<Int, Never>(receiveSubscription: { subscription in
                                                        let box = UnsafeSendable(subscription)
                                                        let done = DispatchSemaphore(value: 0)
                                                        DispatchQueue.global().async {
                                                            box.value.request(.unlimited)
                                                            done.signal()
                                                        }
                                                        done.wait()
                                                        events.withLock { recorded.append("subscription") }
                                                    },
                                                    receiveValue: { value in
                                                        events.withLock { recorded.append("value \(value)") }
                                                        return .none
                                                    }))
        #expect(events.withLock { recorded } == ["subscription", "value 5"])
    }
}
