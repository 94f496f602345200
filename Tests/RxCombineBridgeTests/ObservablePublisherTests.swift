import CombineKit
import CombineKitTest
import Dispatch
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct ObservablePublisherTests {
    // RxCombine's asPublisher dropped buffered values when completion arrived without demand: reading
    // Observable.from([1,2,3]) one value at a time yielded only 1. Ours must yield all three.
    @Test func oneAtATimeReaderGetsEveryValueThenFinished() {
        let source = CountingSource([1, 2, 3])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1), demandPerValue: .none)
        source.observable.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        guard case .finished? = subscriber.completion else {
            Issue.record("expected finished after the last held value, got \(String(describing: subscriber.completion))")
            return
        }
        #expect(subscriber.demandViolations == 0)
    }

    @Test func subscribesToTheSourceOnlyOnFirstDemand() {
        let source = CountingSource([1])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        source.observable.asPublisher().subscribe(subscriber)
        #expect(source.subscribeCount == 0)
        subscriber.request(.max(3))
        #expect(source.subscribeCount == 1)
        subscriber.request(.max(3))
        #expect(source.subscribeCount == 1)
        #expect(subscriber.values == [1])
    }

    @Test func errorWaitsBehindHeldValues() {
        let source = CountingSource([1, 2, 3], ending: .error(BridgeTestError(id: 7)))
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(2))
        source.observable.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2, 3])
        guard case .failure(let error)? = subscriber.completion else {
            Issue.record("expected failure")
            return
        }
        #expect(error as? BridgeTestError == BridgeTestError(id: 7))
    }

    @Test func typedFailureMapsRxErrorsWithoutTrapping() {
        enum ServiceError: Error, Equatable { case wrapped(String) }
        let subscriber = TestSubscriber<Int, ServiceError>()
        Observable<Int>.error(BridgeTestError(id: 1))
            .asPublisher(failureType: ServiceError.self) { ServiceError.wrapped("\($0)") }
            .subscribe(subscriber)
        guard case .failure(let error)? = subscriber.completion else {
            Issue.record("expected a typed failure")
            return
        }
        #expect(error == .wrapped("BridgeTestError(1)"))
    }

    @Test func lateDemandOnAHotSourceDeliversWhatWasHeld() {
        let scheduler = CombineTestScheduler()
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(scheduler: scheduler, initialDemand: .max(1))
        subject.asPublisher().subscribe(subscriber)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.demandViolations == 0)
        guard case .finished? = subscriber.completion else {
            Issue.record("expected finished")
            return
        }
    }

    @Test func cancellationDisposesTheRxSubscriptionExactlyOnce() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .unlimited)
        subject.asPublisher().subscribe(subscriber)
        #expect(subject.hasObservers)
        subject.onNext(1)
        subscriber.cancel()
        subscriber.cancel()
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(subscriber.values == [1])

        let source = CountingSource([], ending: nil)
        let second = TestSubscriber<Int, Error>(initialDemand: .max(1))
        source.observable.asPublisher().subscribe(second)
        second.cancel()
        second.cancel()
        #expect(source.disposeCount == 1)
    }

    @Test func completionDisposesTheRxSubscriptionOnce() {
        let source = CountingSource([1, 2])
        let subscriber = TestSubscriber<Int, Error>()
        source.observable.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(source.disposeCount == 1)
    }

    @Test func reentrantRequestFromInsideReceiveIsTrampolined() {
        let source = CountingSource(Array(1...1_000))
        var reader: TestSubscriber<Int, Error>?
        var depth = 0, maxDepth = 0
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none, onValue: { _ in
            depth += 1
            maxDepth = max(maxDepth, depth)
            reader?.request(.max(1))  // re-entrant: from inside receive(_:)
            depth -= 1
        })
        reader = subscriber
        source.observable.asPublisher().subscribe(subscriber)
        subscriber.request(.max(1))
        #expect(subscriber.values == Array(1...1_000))
        #expect(maxDepth == 1)  // each request only adds demand; the delivering loop does the work
        #expect(subscriber.demandViolations == 0)
        reader = nil
    }

    @Test func boundedDropOldestKeepsTheNewest() {
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        CountingSource([1, 2, 3, 4, 5]).observable
            .asPublisher(bufferPolicy: .bounded(2, whenFull: .dropOldest))
            .subscribe(subscriber)
        subscriber.request(.max(1))  // subscribes: 1 is delivered, 2...5 arrive with no demand
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 4, 5])
    }

    @Test func boundedDropNewestKeepsTheOldest() {
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        CountingSource([1, 2, 3, 4, 5]).observable
            .asPublisher(bufferPolicy: .bounded(2, whenFull: .dropNewest))
            .subscribe(subscriber)
        subscriber.request(.max(1))
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func boundedFailDeliversHeldValuesThenOverflowAndStopsTheSource() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        subject.asPublisher(bufferPolicy: .bounded(2, whenFull: .fail)).subscribe(subscriber)
        for value in 1...4 { subject.onNext(value) }
        #expect(!subject.hasObservers)  // the overflow stopped the source at once
        #expect(subscriber.completion == nil)  // but the failure waits behind the two held values
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3])
        guard case .failure(let error)? = subscriber.completion else {
            Issue.record("expected overflow failure")
            return
        }
        #expect(error as? BridgeBufferOverflow == BridgeBufferOverflow(capacity: 2))
    }

    // Held elements live in a ring that wraps and grows: a subject sending more than is demanded, in
    // rounds that leave some held each time, must still come out complete and in order.
    @Test func heldElementsComeOutInOrderAcrossWrapAroundAndGrowth() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        subject.asPublisher().subscribe(subscriber)
        subscriber.request(.max(1))  // subscribes the source
        var sent = 0
        for round in 1...40 {
            for _ in 0..<(round % 7 + 3) {
                sent += 1
                subject.onNext(sent)
            }
            subscriber.request(.max(round % 5 + 1))
        }
        subscriber.request(.unlimited)
        #expect(subscriber.values == Array(1...sent))
        #expect(subscriber.demandViolations == 0)
    }

    @Test func dropOldestAfterTheRingWrappedKeepsTheNewest() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        subject.asPublisher(bufferPolicy: .bounded(3, whenFull: .dropOldest)).subscribe(subscriber)
        for value in 1...50 { subject.onNext(value) }  // 1 delivered; 48...50 held, the rest dropped
        subscriber.request(.max(2))
        subject.onNext(51)
        subject.onNext(52)  // held: 50, 51, 52
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 48, 49, 50, 51, 52])
    }

    // Cancelling releases held elements at once (Combine: cancel frees the subscription's resources).
    @Test func cancelReleasesHeldElements() {
        let subject = PublishSubject<Probe>()
        let subscriber = TestSubscriber<Probe, Error>(initialDemand: .none)
        weak var weakHeld: Probe?
        subject.asPublisher().subscribe(subscriber)
        subscriber.request(.max(1))
        subject.onNext(Probe())
        do {
            let held = Probe()
            weakHeld = held
            subject.onNext(held)
        }
        #expect(weakHeld != nil)
        subscriber.cancel()
        #expect(weakHeld == nil)
    }

    @Test func zeroDemandRequestIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
            Observable.just(1).asPublisher().subscribe(subscriber)
            subscriber.subscription?.request(.none)
        }
    }

    @Test func threadsSendingIntoABridgedSubjectLoseNothingAndDeliverSerially() {
        let subject = PublishSubject<Int>()
        let guardLock = DispatchSemaphore(value: 1)
        var inside = 0, overlapped = false
        var received: [Int] = []
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .unlimited, onValue: { value in
            guardLock.wait(); inside += 1; if inside > 1 { overlapped = true }; guardLock.signal()
            received.append(value)
            guardLock.wait(); inside -= 1; guardLock.signal()
        })
        subject.asPublisher().subscribe(subscriber)
        let senders = 4, perSender = 2_000
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender { subject.onNext(sender * 1_000_000 + index) }
        }
        #expect(!overlapped)
        #expect(received.count == senders * perSender)
        for sender in 0..<senders {
            let mine = received.filter { $0 / 1_000_000 == sender }.map { $0 % 1_000_000 }
            #expect(mine == Array(0..<perSender))  // order per sender is kept
        }
    }

    // With unlimited demand and nothing held, the seam delivers without its lock (a compare-exchange
    // on each side of the call); these pin Combine's rules on that path: no re-entrant receive (a value
    // sent from inside receive comes after it), nothing after cancel, the subscriber released.
    @Test func aValueSentFromInsideReceiveOnTheLockFreePathArrivesAfterTheCurrentOne() {
        let subject = PublishSubject<Int>()
        var depth = 0
        var maxDepth = 0
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .unlimited, onValue: { value in
            depth += 1
            maxDepth = max(maxDepth, depth)
            if value == 1 { subject.onNext(10) }
            depth -= 1
        })
        subject.asPublisher().subscribe(subscriber)
        subject.onNext(1)
        subject.onNext(2)
        #expect(subscriber.values == [1, 10, 2])
        #expect(maxDepth == 1, "receive(_:) was called re-entrantly")
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func cancelFromInsideReceiveOnTheLockFreePathStopsDeliveryAndReleasesTheSubscriber() {
        let subject = PublishSubject<Int>()
        weak var weakSubscriber: TestSubscriber<Int, Error>?
        do {
            var subscriberRef: TestSubscriber<Int, Error>?
            let subscriber = TestSubscriber<Int, Error>(initialDemand: .unlimited, onValue: { value in
                if value == 2 { subscriberRef?.cancel() }
            })
            subscriberRef = subscriber
            weakSubscriber = subscriber
            subject.asPublisher().subscribe(subscriber)
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            #expect(subscriber.values == [1, 2])
            #expect(!subject.hasObservers, "cancel did not dispose the Rx subscription")
            subscriberRef = nil
        }
        subject.onNext(4)
        #expect(weakSubscriber == nil, "the seam kept the cancelled subscriber")
    }

    @Test func limitedDemandThenUnlimitedDeliversHeldValuesFirstThenTheRestInOrder() {
        let subject = PublishSubject<Int>()
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        subject.asPublisher().subscribe(subscriber)
        for value in 1...4 { subject.onNext(value) }
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2, 3, 4])
        for value in 5...6 { subject.onNext(value) }
        subject.onCompleted()
        #expect(subscriber.values == [1, 2, 3, 4, 5, 6])
        #expect(subscriber.completion != nil)
        #expect(subscriber.demandViolations == 0)
    }

    // The completion that waited behind held values is delivered by the drain, which then lets go of the
    // subscriber (Combine: a subscription releases its subscriber once it has sent the completion) — here
    // the subscriber also holds its subscription, so only that breaks the cycle.
    @Test func aCompletionDeliveredAfterHeldValuesReleasesTheSubscriber() {
        weak var weakSubscriber: TestSubscriber<Int, Error>?
        do {
            let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
            weakSubscriber = subscriber
            // The source runs to its completion during the first request: 2, 3 and the completion are held.
            Observable.from([1, 2, 3]).asPublisher().subscribe(subscriber)
            #expect(subscriber.values == [1])
            #expect(subscriber.completion == nil)
            subscriber.request(.max(5))
            #expect(subscriber.values == [1, 2, 3])
            #expect(subscriber.completion != nil)
            #expect(subscriber.subscription != nil)  // the subscriber keeps its subscription
        }
        #expect(weakSubscriber == nil)
    }

    @Test func releasesEverythingAfterCancelAndCompletion() {
        weak var weakSubscriber: TestSubscriber<Int, Error>?
        let delta = Resources.measure {
            let subject = PublishSubject<Int>()
            let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
            weakSubscriber = subscriber
            subject.asPublisher().subscribe(subscriber)
            subject.onNext(1)
            subject.onNext(2)
            subscriber.cancel()
            let finishing = TestSubscriber<Int, Error>()
            Observable.just(1).asPublisher().subscribe(finishing)
        }
        #expect(delta == 0)
        #expect(weakSubscriber == nil)
    }
}

/// An object whose release a test watches.
private final class Probe {}
