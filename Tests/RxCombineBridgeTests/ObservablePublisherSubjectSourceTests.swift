import CombineKit
import CombineKitTest
import RxCombineBridge
@testable import RxKit
import Testing

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
