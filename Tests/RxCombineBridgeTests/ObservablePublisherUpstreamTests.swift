// `@testable`: the source below subclasses `Observable` directly (its `init` is internal), so that nothing
// but the bridge disposes the Rx subscription (an RxKit operator's sink disposes its own when it ends).
import CombineKit
import CombineKitTest
import RxCombineBridge
@testable import RxKit
import Testing

/// Sends `elements` and completes during `subscribe`, then returns a subscription counting its disposals.
private final class EndsDuringSubscribe: Observable<Int>, @unchecked Sendable {
    let elements: [Int]
    var disposals = 0

    init(_ elements: [Int]) {
        self.elements = elements
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        for element in elements { observer.on(.next(element)) }
        observer.on(.completed)
        return Disposables.create { self.disposals += 1 }
    }
}

/// The bridge holds the Rx subscription itself (no `SingleAssignmentDisposable`): one that arrives after
/// the bridge already had to dispose it is disposed on arrival, once, as RxCombine's would be.
@Suite struct ObservablePublisherUpstreamTests {
    @Test func aSourceThatCompletesDuringSubscribeHasItsSubscriptionDisposedOnArrivalOnce() {
        let source = EndsDuringSubscribe([1, 2])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        source.asPublisher().subscribe(subscriber)
        // The first demand comes after `receive(subscription:)`, so the values and the completion are
        // delivered while the source's `subscribe` runs, before its subscription exists.
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion != nil)
        #expect(source.disposals == 1)
        subscriber.cancel()
        #expect(source.disposals == 1)
    }

    // With limited demand the completion waits behind held values; a cancel meanwhile disposes the
    // subscription (already there), once.
    @Test func cancellingWhileTheCompletionWaitsDisposesTheSubscriptionOnce() {
        let source = EndsDuringSubscribe([1, 2, 3])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        source.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(source.disposals == 0)
        subscriber.cancel()
        subscriber.cancel()
        #expect(source.disposals == 1)
        #expect(subscriber.completion == nil)
    }
}

/// A publish subject (and a share) takes the bridge's subscription as one of RxKit's own nodes, not through
/// the generic `subscribe(_:)`; a terminated or disposed subject sends it what RxSwift's `PublishSubject`
/// sends any late subscriber (only the terminal event; `RxError.disposed`).
@Suite struct ObservablePublisherSubjectSourceTests {
    @Test func aBridgedPublishSubjectDeliversWhatIsSentWhileSubscribedThenItsCompletion() {
        let subject = PublishSubject<Int>()
        subject.onNext(0)  // before anyone subscribed: nobody gets it
        let subscriber = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(subscriber)
        #expect(subject.hasObservers)
        subject.onNext(1)
        subject.onNext(2)
        subject.onCompleted()
        #expect(subscriber.values == [1, 2])
        guard case .finished? = subscriber.completion else {
            Issue.record("expected finished, got \(String(describing: subscriber.completion))")
            return
        }
        #expect(!subject.hasObservers)
    }

    @Test func cancellingRemovesTheBridgedSubscriptionFromTheSubject() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(subscriber)
        subject.onNext(1)
        subscriber.cancel()
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }

    @Test func aLimitedDemandSubscriberGetsHeldElementsInOrderFromTheSubject() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1), demandPerValue: .none)
        subject.asPublisher().subscribe(subscriber)
        for value in 1...3 { subject.onNext(value) }
        #expect(subscriber.values == [1])
        subscriber.request(.max(5))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func aTerminatedSubjectSendsOnlyItsErrorToALateBridgedSubscriber() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(BridgeTestError(id: 3))
        let subscriber = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(subscriber)
        #expect(subscriber.values.isEmpty)
        guard case .failure(let error)? = subscriber.completion else {
            Issue.record("expected the subject's error, got \(String(describing: subscriber.completion))")
            return
        }
        #expect(error as? BridgeTestError == BridgeTestError(id: 3))
    }

    @Test func aDisposedSubjectFailsALateBridgedSubscriberWithDisposed() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        let subscriber = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(subscriber)
        guard case .failure(let error)? = subscriber.completion, case .disposed? = error as? RxError else {
            Issue.record("expected RxError.disposed, got \(String(describing: subscriber.completion))")
            return
        }
    }

    @Test func bridgedAndRxSubscribersOfOneSubjectEachGetWhatIsSentWhileSubscribed() {
        let subject = PublishSubject<Int>()
        let first = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(first)  // the subject's sole observer, kept without an entry
        subject.onNext(1)
        var rxValues: [Int] = []
        let rx = subject.subscribe(onNext: { rxValues.append($0) })
        let second = TestSubscriber<Int, Error>()
        subject.asPublisher().subscribe(second)
        subject.onNext(2)
        first.cancel()
        subject.onNext(3)
        rx.dispose()
        subject.onCompleted()
        #expect(first.values == [1, 2])
        #expect(rxValues == [2, 3])
        #expect(second.values == [2, 3])
        #expect(first.completion == nil)
        guard case .finished? = second.completion else {
            Issue.record("expected finished, got \(String(describing: second.completion))")
            return
        }
    }

    // RxSwift's share(replay: 1): a late subscriber gets the latest element first, then what follows. The
    // bridged one gets it inside its first request (as Combine's own replaying publishers deliver there),
    // and with limited demand only what it asked for, the rest held until it asks again.
    @Test func aLateBridgedSubscriberOfAReplayingShareGetsTheLatestElementFirst() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        var rxValues: [Int] = []
        let rx = shared.subscribe(onNext: { rxValues.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1), demandPerValue: .none)
        shared.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [2])
        subject.onNext(3)
        subject.onNext(4)
        #expect(subscriber.values == [2])
        subscriber.request(.max(5))
        #expect(subscriber.values == [2, 3, 4])
        subject.onCompleted()
        #expect(rxValues == [1, 2, 3, 4])
        guard case .finished? = subscriber.completion else {
            Issue.record("expected finished, got \(String(describing: subscriber.completion))")
            return
        }
        rx.dispose()
        #expect(subscriber.demandViolations == 0)
    }

    @Test func aBridgedShareIsSubscribedOnceAndDeliversToTheBridgedSubscriber() {
        var subscriptions = 0
        let subject = PublishSubject<Int>()
        let shared = subject.do(onSubscribe: { subscriptions += 1 }).share()
        let subscriber = TestSubscriber<Int, Error>()
        shared.asPublisher().subscribe(subscriber)
        var rxValues: [Int] = []
        let rx = shared.subscribe(onNext: { rxValues.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subscriber.cancel()
        subject.onNext(3)
        rx.dispose()
        #expect(subscriptions == 1)
        #expect(subscriber.values == [1, 2])
        #expect(rxValues == [1, 2, 3])
        #expect(!subject.hasObservers)
    }
}

/// The bridge's subscription keeps its subscriber in itself when it is at most four words and in a heap
/// block of its own otherwise: neither may show. Value subscribers of both sizes get what they asked for,
/// then the completion, and are released when the subscription ends.
@Suite struct ObservablePublisherSubscriberStorageTests {
    @Test func theTwoSubscriberSizesAreOnEitherSideOfFourWords() {
        #expect(MemoryLayout<SmallValueTypeSubscriber<Int, Error>>.size <= 4 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<LargeValueTypeSubscriber<Int, Error>>.size > 4 * MemoryLayout<Int>.size)
    }

    @Test(arguments: [false, true])
    func aValueSubscriberGetsHeldValuesOnDemandThenTheCompletionAndIsReleased(large: Bool) {
        let subject = PublishSubject<Int>()
        weak var weakLog: ValueSubscriberLog<Int, Error>?
        do {
            let log = ValueSubscriberLog<Int, Error>()
            weakLog = log
            subject.asPublisher().subscribeValueTypeSubscriber(large: large, demand: .max(1), log: log)
            subject.onNext(1)
            subject.onNext(2)  // held: the bridge's default buffer keeps what exceeds the demand
            subject.onCompleted()
            #expect(log.values == [1])
            #expect(log.completions.isEmpty)  // the completion waits behind the held value
            log.subscription?.request(.max(1))
            #expect(log.values == [1, 2])
            #expect(log.completions.count == 1)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }

    @Test(arguments: [false, true])
    func aCancelledValueSubscriberIsReleasedAndLeavesTheSubject(large: Bool) {
        let subject = PublishSubject<Int>()
        weak var weakLog: ValueSubscriberLog<Int, Error>?
        do {
            let log = ValueSubscriberLog<Int, Error>()
            weakLog = log
            subject.asPublisher().subscribeValueTypeSubscriber(large: large, demand: .unlimited, log: log)
            subject.onNext(1)
            log.subscription?.cancel()
            subject.onNext(2)
            #expect(log.values == [1])
            #expect(!subject.hasObservers)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }
}
