import CombineKit
import CombineKitTest
import Dispatch
import Testing
import Foundation

@Suite struct PassthroughSubjectTests {
    @Test func deliversValuesAndCompletionToAllSubscribers() {
        let subject = PassthroughSubject<Int, TestError>()
        let first = TestSubscriber<Int, TestError>()
        let second = TestSubscriber<Int, TestError>()
        subject.subscribe(first)
        subject.subscribe(second)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        subject.send(2)
        for subscriber in [first, second] {
            #expect(subscriber.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
        }
    }

    // Combine's subjects drop a value for a subscriber that has no outstanding demand.
    @Test func dropsValuesForSubscribersWithoutDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subscriber.request(.max(1))
        subject.send(3)
        subject.send(4)
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func demandReturnedFromReceiveAccumulates() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        subject.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        #expect(subscriber.values == [1, 2, 3, 4])
    }

    @Test func noValuesBeforeAnyDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values == [])
    }

    @Test func lateSubscriberGetsCompletionImmediately() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .finished)
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    // The subscription object is made before the subject looks at its state; after a completion it is
    // dropped unused, and nothing of the late subscriber stays behind.
    @Test func aLateSubscriberIsNotKeptByTheCompletedSubject() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(TestError.oops))
        weak var weakSubscriber: TestSubscriber<Int, TestError>?
        do {
            let subscriber = TestSubscriber<Int, TestError>()
            weakSubscriber = subscriber
            subject.subscribe(subscriber)
            #expect(subscriber.events == [.subscription(0), .failure(0, TestError.oops)])
        }
        #expect(weakSubscriber == nil)
        subject.send(1)  // still nothing to deliver to
    }

    // The subject keeps one subscriber apart from a list of two or more: these walk it across both shapes.
    // Apple's Combine delivers to a subject's subscribers in subscription order (e.g. `print()` output of two
    // `sink`s on one PassthroughSubject in SwiftPamphletApp's Combine guide: sb1's value and finished come
    // before sb2's).
    @Test func subscribersComingAndGoingKeepTheirOrderAndEachGetsOnlyWhatWasSentWhileSubscribed() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        var cancellables: [String: AnyCancellable] = [:]
        func subscribe(_ name: String) {
            cancellables[name] = subject.sink { log.append("\(name)\($0)") }
        }
        subscribe("a")
        subject.send(1)  // one subscriber
        subscribe("b")
        subscribe("c")
        subject.send(2)  // three
        cancellables["b"]?.cancel()
        subject.send(3)  // two
        cancellables["a"]?.cancel()
        subject.send(4)  // one again: "c"
        subscribe("d")
        subject.send(5)  // two: "c" before "d"
        cancellables["c"]?.cancel()
        cancellables["d"]?.cancel()
        subject.send(6)  // none
        subscribe("e")
        subject.send(7)
        #expect(log == ["a1", "a2", "b2", "c2", "a3", "c3", "c4", "c5", "d5", "e7"])
    }

    @Test func aSoleSubscriberWithLimitedDemandGetsExactlyWhatItAskedFor() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        subscriber.request(.max(1))
        subject.send(5)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1, 2, 5])
        #expect(subscriber.events.last == .finished(0))
    }

    @Test func cancelIsIdempotentAndStopsValues() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 1)])
    }

    // Not confirmed against Apple: OpenCombine's subject tests (run against Combine) do not cover a send from inside receive(_:).
    @Test func reentrantSendIsDeliveredInOrderWithoutRecursion() {
        let subject = PassthroughSubject<Int, Never>()
        var log: [String] = []
        let cancellable = subject.sink { value in
            log.append("begin \(value)")
            if value == 1 { subject.send(2) }
            log.append("end \(value)")
        }
        subject.send(1)
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
        _ = cancellable
    }

    @Test func reentrantCompletionFollowsQueuedValues() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let cancellable = subject.sink(receiveCompletion: { _ in events.append("finished") }) { value in
            events.append("\(value)")
            if value == 1 {
                subject.send(2)
                subject.send(completion: .finished)
            }
        }
        subject.send(1)
        #expect(events == ["1", "2", "finished"])
        _ = cancellable
    }

    @Test func concurrentSendsAreSerialisedPerSubscriber() async {
        let subject = PassthroughSubject<Int, Never>()
        let guardLock = NSLockBox()
        var inside = 0
        var overlaps = 0
        var count = 0
        let cancellable = subject.sink { _ in
            guardLock.withLock { inside += 1; if inside > 1 { overlaps += 1 } }
            for _ in 0..<50 { _ = count }  // a little work inside the subscriber
            guardLock.withLock { inside -= 1; count += 1 }
        }
        let box = UnsafeSendable(subject)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<500 { box.value.send(thread * 1_000 + value) }
        }
        #expect(overlaps == 0)
        #expect(count == 2_000)
        _ = cancellable
    }

    @Test func subscriptionDescriptionIsPassthroughSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "PassthroughSubject")
    }

    @Test func subjectAsSubscriberRequestsUnlimitedFromUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 7), .finished(2)])
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        subject.subscribe(subscriber)
        let cancellable = upstream.subscribe(subject)
        scheduler.run()
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
        #expect(subscriber.events == [.subscription(0), .value(1, 7), .finished(2)])
        _ = cancellable
    }

    // Combine: a subject asks the subscriptions it is sent for `.unlimited` only once a subscriber has asked
    // it for values, at once after that, and cancels them all when it is deinitialised (OpenCombine
    // PassthroughSubjectTests.testSendSubscription, testCancelsUpstreamSubscriptionsOnDeinit).
    @Test func asksUpstreamOnceASubscriberAsks() throws {
        let first = RecordingSubscription()
        let subject = PassthroughSubject<Int, Never>()
        subject.send(subscription: first)
        subject.send(subscription: first)
        let subscriber = ManualSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        #expect(first.events.isEmpty)
        try #require(subscriber.subscription).request(.max(1))
        #expect(first.events == [.requested(.unlimited), .requested(.unlimited)])
        let other = ManualSubscriber<Int, Never>()
        subject.subscribe(other)
        try #require(other.subscription).request(.max(2))
        #expect(first.events.count == 2)
        let second = RecordingSubscription()
        subject.send(subscription: second)
        #expect(second.events == [.requested(.unlimited)])
        subscriber.subscription?.cancel()
        other.subscription?.cancel()
    }

    @Test func cancelsUpstreamSubscriptionsOnDeinit() {
        let upstream = RecordingSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: upstream)
            subject.send(subscription: upstream)
            #expect(upstream.events.isEmpty)
        }
        #expect(upstream.events == [.cancelled, .cancelled])
    }

    // Combine: `publisher.subscribe(subject)` leaves the asking to the subject (OpenCombine
    // PublisherTests.testSubscribeSubject).
    @Test func subscribingASubjectAsksNothingUntilItIsAsked() throws {
        let upstream = ManualPublisher<Int, Never>()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = upstream.subscribe(subject)
        #expect(upstream.subscription.events.isEmpty)
        let subscriber = ManualSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        try #require(subscriber.subscription).request(.unlimited)
        #expect(upstream.subscription.events == [.requested(.unlimited)])
        _ = upstream.send(1)
        #expect(subscriber.values == [1])
        cancellable.cancel()
        #expect(upstream.subscription.events == [.requested(.unlimited), .cancelled])
    }

    // Combine: once any subscriber has asked, the subject asks each new upstream subscription at once, even
    // after that subscriber left (OpenCombine PassthroughSubject: `hasAnyDownstreamDemand` is never reset).
    @Test func asksNewUpstreamSubscriptionsAtOnceAfterTheAskingSubscriberLeft() throws {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        try #require(subscriber.subscription).request(.max(1))
        subscriber.subscription?.cancel()
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        #expect(upstream.events == [.requested(.unlimited)])
    }

    // Combine: the subject's subscription adds the subscriber's demand before the subject asks its upstream
    // (OpenCombine PassthroughSubject.Conduit.request), so what the upstream sends at once is delivered.
    @Test func valuesAnUpstreamSendsWhenAskedMeetTheDemandThatAskedIt() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(subscription: SendingOnRequestSubscription { [weak subject] in
            subject?.send(1)
            subject?.send(2)
        })
        let subscriber = ManualSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [1])
        subscriber.subscription?.cancel()
    }

    // Combine: each upstream subscription is asked exactly once, whether it arrives before or after the
    // first demand (OpenCombine PassthroughSubjectTests.testSendSubscription); here the two race.
    @Test func asksEachUpstreamSubscriptionOnceWhenItRacesTheFirstDemand() {
        for _ in 0..<300 {
            let subject = PassthroughSubject<Int, Never>()
            let early = CountingSubscription()
            subject.send(subscription: early)
            let raced = CountingSubscription()
            let subscriber = ManualSubscriber<Int, Never>()
            subject.subscribe(subscriber)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    subject.send(subscription: raced)
                } else {
                    subscriber.subscription?.request(.unlimited)
                }
            }
            #expect(early.requests == [.unlimited])
            #expect(raced.requests == [.unlimited])
            subscriber.subscription?.cancel()
        }
    }
}

/// An upstream subscription that runs `onRequest` (synchronously) each time it is asked for values.
private final class SendingOnRequestSubscription: Subscription, @unchecked Sendable {
    let onRequest: () -> Void
    init(onRequest: @escaping () -> Void) { self.onRequest = onRequest }
    func request(_ demand: Subscribers.Demand) { onRequest() }
    func cancel() {}
}

/// An upstream subscription that records its requests from any thread.
private final class CountingSubscription: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Subscribers.Demand] = []
    var requests: [Subscribers.Demand] { lock.withLock { recorded } }
    func request(_ demand: Subscribers.Demand) { lock.withLock { recorded.append(demand) } }
    func cancel() {}
}
