import CombineKit
import CombineKitTest
import Testing

/// The single-threaded edges of the per-value fast paths: `Just`'s one-block subscription, the
/// `DemandBuffer` lock-free delivery (unlimited demand), `flatMap`'s slot table and struct sides,
/// `switchToLatest`'s struct sides and the `combineLatest` coordinator. Each test pins down a case
/// where the fast path must hand over to the careful one: limited demand, re-entrancy, cancellation
/// during a delivery, completion while values are pending.
@Suite struct FlatteningFastPathTests {
    /// A reference type whose lifetime the tests watch (released means nothing still holds it).
    final class Token: @unchecked Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

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
        // The request reached every waiting inner; five of their values wait in the buffer for demand,
        // and the completion waits behind them.
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

    // MARK: combineLatest

    @Test func combineLatestKeepsOnlyTheNewestCombinationWhileThereIsNoDemand() {
        // The downstream's demand is also forwarded to each subject (which drop values sent without
        // demand), so the upstreams together can produce more combinations than the downstream asked for.
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<String, Never>()
        let subscriber = TestSubscriber<String, Never>(initialDemand: .max(2))
        a.combineLatest(b) { "\($0)\($1)" }.subscribe(subscriber)
        a.send(1)
        b.send("x")
        a.send(2)
        b.send("y")  // beyond the downstream's demand: waits
        #expect(subscriber.values == ["1x", "2x"])
        subscriber.request(.max(1))
        #expect(subscriber.values == ["1x", "2x", "2y"])
        a.send(3)  // waits
        b.send("z")  // replaces the waiting "3y"
        #expect(subscriber.values == ["1x", "2x", "2y"])
        subscriber.request(.max(1))
        #expect(subscriber.values == ["1x", "2x", "2y", "3z"])
        a.send(completion: .finished)
        #expect(subscriber.completion == nil)
        b.send(completion: .finished)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func combineLatestCancelledMidDeliveryStopsAndFourWayCombinesInOrder() {
        let source = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited, onValue: { value in
            if value == 3_111 { subscriber.cancel() }
        })
        Just(1).combineLatest(Just(10), Just(100), source) { $0 + $1 + $2 + $3 * 1_000 }
            .subscribe(subscriber)
        for value in 0...5 { source.send(value) }
        #expect(subscriber.values == [111, 1_111, 2_111, 3_111])
        #expect(subscriber.completion == nil)
        subscriber = nil
    }

    @Test func combineLatestFailureCancelsTheOtherUpstream() {
        let a = PassthroughSubject<Int, TestError>()
        var bCancelled = false
        let b = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        a.combineLatest(b.handleEvents(receiveCancel: { bCancelled = true }), +).subscribe(subscriber)
        a.send(1)
        b.send(2)
        a.send(completion: .failure(.oops))
        b.send(5)
        #expect(subscriber.values == [3])
        #expect(subscriber.completion == .failure(.oops))
        #expect(bCancelled)
    }
}
