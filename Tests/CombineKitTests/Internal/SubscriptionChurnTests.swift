import CombineKit
import CombineKitTest
import Testing

/// The subscribe/cancel paths reworked for subscription churn: `AnyCancellable`'s atomic once, the
/// in-object locks of `Sink`, `filter`, `flatMap`, `switchToLatest` and `replaceError`, `DemandBuffer`'s
/// ring made on the first waiting value and boxed completion, the subjects' boxed completion, and
/// `AnySubscriber`'s type check. Single-threaded: limited demand, re-entrancy, cancel during subscribe,
/// releases. The concurrent cases are in `SubscriptionChurnStressTests`.
@Suite struct SubscriptionChurnTests {
    final class Payload: @unchecked Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Counts its cancels.
    final class CountingCancellable: Cancellable, @unchecked Sendable {
        private(set) var cancels = 0
        func cancel() { cancels += 1 }
    }

    // MARK: AnyCancellable

    @Test func anyCancellableCallsAWrappedCancellableOnceAcrossCancelAndDeinit() {
        let counting = CountingCancellable()
        do {
            let wrapper = AnyCancellable(counting)
            wrapper.cancel()
            wrapper.cancel()
        }
        #expect(counting.cancels == 1)
    }

    @Test func anyCancellableCancelsOnDeinitWhenNeverCancelled() {
        let counting = CountingCancellable()
        do { _ = AnyCancellable(counting) }
        #expect(counting.cancels == 1)
    }

    @Test func anyCancellableWrappingAnotherCancelsItOnceAndItStaysCancelled() {
        var calls = 0
        let inner = AnyCancellable { calls += 1 }
        let outer = AnyCancellable(inner)
        outer.cancel()
        outer.cancel()
        inner.cancel()
        #expect(calls == 1)
    }

    @Test func anyCancellableClosureRunsOnceAndIsReleasedAfterward() {
        weak var weakPayload: Payload?
        var seen = 0
        let cancellable: AnyCancellable
        do {
            let payload = Payload(5)
            weakPayload = payload
            cancellable = AnyCancellable { seen += payload.value }
        }
        #expect(weakPayload != nil)
        cancellable.cancel()
        #expect(weakPayload == nil)
        cancellable.cancel()
        #expect(seen == 5)
    }

    @Test func anyCancellableCancelledFromInsideItsOwnActionRunsItOnce() {
        var calls = 0
        var cancellable: AnyCancellable?
        cancellable = AnyCancellable {
            calls += 1
            cancellable?.cancel()
        }
        cancellable?.cancel()
        #expect(calls == 1)
    }

    // MARK: Sink

    @Test func sinkCancelledFromInsideReceiveValueStopsAndCancelsUpstreamOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink { value in
            received.append(value)
            if value == 2 { cancellable?.cancel() }
        }
        subject.send(1)
        subject.send(2)
        subject.send(3)
        #expect(received == [1, 2])
        cancellable = nil
    }

    @Test func sinkCancelledBeforeItsSubscriptionArrivesCancelsThatSubscription() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.cancel()
        let counting = CountingSubscription()
        sink.receive(subscription: counting)
        #expect(counting.cancels == 1)
        #expect(counting.requested == .none)
    }

    @Test func sinkGivenASecondSubscriptionCancelsItAndKeepsTheFirst() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = CountingSubscription()
        let second = CountingSubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        #expect(first.requested == .unlimited)
        #expect(second.cancels == 1)
        sink.cancel()
        #expect(first.cancels == 1)
    }

    @Test func sinkCompletesOnceAndIgnoresValuesAfterward() {
        var values: [Int] = []
        var completions = 0
        let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in completions += 1 }, receiveValue: { values.append($0) })
        sink.receive(subscription: CountingSubscription())
        _ = sink.receive(1)
        sink.receive(completion: .failure(.oops))
        sink.receive(completion: .finished)
        _ = sink.receive(2)
        #expect(values == [1])
        #expect(completions == 1)
    }

    // MARK: Filter

    @Test func filterWithLimitedDemandAsksForOneMoreForEachDroppedValue() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        for value in 1...8 { subject.send(value) }
        #expect(subscriber.values == [2, 4])
        #expect(subscriber.demandViolations == 0)
        subscriber.request(.max(1))
        subject.send(10)
        #expect(subscriber.values == [2, 4, 10])
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func filterCancelledDuringSubscribeDeliversNothingAndCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = CancelOnSubscribe<Int>()
        subject.filter { _ in true }.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values.isEmpty)
        // The conduit was cancelled, so the subject holds no subscriber: a new one sees a fresh stream.
        let later = TestSubscriber<Int, Never>()
        subject.subscribe(later)
        subject.send(2)
        #expect(later.values == [2])
    }

    @Test func filterReentrantRequestFromInsideReceiveIsHonouredInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), onValue: { _ in subscriber.request(.max(1)) })
        subject.filter { $0 > 0 }.subscribe(subscriber)
        [1, -1, 2, 3].forEach(subject.send)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.demandViolations == 0)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func filterReleasesEverythingOnCancel() {
        weak var weakSubscriber: ManualSubscriber<Int, Never>?
        weak var weakSubject: PassthroughSubject<Int, Never>?
        do {
            let subject = PassthroughSubject<Int, Never>()
            weakSubject = subject
            let subscriber = ManualSubscriber<Int, Never>()
            weakSubscriber = subscriber
            subject.filter { $0 > 0 }.subscribe(subscriber)
            let subscription = subscriber.subscription
            subscriber.subscription = nil
            subscription?.request(.unlimited)
            subject.send(1)
            #expect(subscriber.values == [1])
            subscription?.cancel()
            subject.send(2)
            #expect(subscriber.values == [1])
        }
        #expect(weakSubscriber == nil)
        #expect(weakSubject == nil)
    }

    // MARK: DemandBuffer (through flatMap and switchToLatest)

    @Test func flatMapQueuesValuesBeyondDemandThenCompletesAfterThem() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.flatMap { Publishers.Sequence<[Int], Never>(sequence: [$0, $0 * 10]) }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 10])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func flatMapFailureDropsQueuedValuesAndFailsAtOnce() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        subject.flatMap { Publishers.Sequence<[Int], TestError>(sequence: [$0, $0 + 1, $0 + 2]) }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.oops))
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func flatMapCancelledFromInsideReceiveReleasesTheValueWaitingInItsQueue() {
        weak var weakWaiting: Payload?
        let outer = PassthroughSubject<PassthroughSubject<Payload, Never>, Never>()
        let first = PassthroughSubject<Payload, Never>()
        let second = PassthroughSubject<Payload, Never>()
        let subscriber = ManualSubscriber<Payload, Never>()
        outer.flatMap { $0 }.subscribe(subscriber)
        subscriber.onValue = { payload in
            guard payload.value == 1 else { return }
            do {
                // Arrives from another inner publisher while 1 is being delivered: it waits in the queue.
                let waiting = Payload(2)
                weakWaiting = waiting
                second.send(waiting)
            }
            #expect(weakWaiting != nil)
            subscriber.subscription?.cancel()
        }
        subscriber.subscription?.request(.max(2))
        outer.send(first)
        outer.send(second)
        first.send(Payload(1))
        #expect(subscriber.values.map(\.value) == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(weakWaiting == nil)
        subscriber.subscription = nil
    }

    @Test func flatMapReentrantSendFromInsideReceiveKeepsOrderAndDemand() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2), onValue: { value in
            if value == 1 { subject.send(2) }
        })
        subject.flatMap { Just($0) }.subscribe(subscriber)
        subject.send(1)
        subject.send(3)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.demandViolations == 0)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func switchToLatestWithLimitedDemandKeepsTheLatestInnerOnly() {
        let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        outer.switchToLatest().subscribe(subscriber)
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        outer.send(first)
        first.send(1)
        outer.send(second)
        first.send(2)
        second.send(3)
        second.send(4)
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.demandViolations == 0)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    // MARK: Subjects' boxed completion, replaceError's out-of-line replacement

    @Test func passthroughSubjectReplaysItsFailureToALateSubscriber() {
        let subject = PassthroughSubject<Int, TestError>()
        subject.send(completion: .failure(.other))
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        subject.send(1)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completion == .failure(.other))
    }

    @Test func currentValueSubjectReplaysItsCompletionToALateSubscriber() {
        let subject = CurrentValueSubject<Int, TestError>(1)
        subject.send(completion: .finished)
        let subscriber = TestSubscriber<Int, TestError>()
        subject.subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completion == .finished)
    }

    @Test func currentValueSubjectStillDeliversItsValueOnFirstDemand() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        subscriber.request(.max(1))
        #expect(subscriber.values == [7])
    }

    @Test func replaceErrorWaitsForDemandThenSendsTheReplacementAndFinishes() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.replaceError(with: -1).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, -1])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    // MARK: AnySubscriber

    @Test func anySubscriberOfAnAnySubscriberIsTheSameSubscriber() {
        let subscriber = TestSubscriber<Int, Never>()
        let erased = AnySubscriber(subscriber)
        let twice = AnySubscriber(erased)
        #expect(twice.combineIdentifier == erased.combineIdentifier)
        #expect(erased.combineIdentifier == subscriber.combineIdentifier)
        Just(4).subscribe(twice)
        #expect(subscriber.values == [4])
    }

    // MARK: Helpers

    /// A subscription that counts what it is asked.
    final class CountingSubscription: Subscription, @unchecked Sendable {
        private(set) var cancels = 0
        private(set) var requested = Subscribers.Demand.none
        func request(_ demand: Subscribers.Demand) { requested += demand }
        func cancel() { cancels += 1 }
    }

    /// Cancels its subscription from inside `receive(subscription:)` (before asking for anything).
    final class CancelOnSubscribe<Input>: Subscriber, @unchecked Sendable {
        typealias Failure = Never
        private(set) var values: [Input] = []
        func receive(subscription: Subscription) {
            subscription.cancel()
            subscription.request(.unlimited)
        }
        func receive(_ input: Input) -> Subscribers.Demand {
            values.append(input)
            return .none
        }
        func receive(completion: Subscribers.Completion<Never>) {}
    }
}
