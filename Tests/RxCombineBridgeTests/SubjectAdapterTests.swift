import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct SubjectAdapterTests {
    // RxRelay: relays never complete, so completion sent through the Combine face is ignored.
    @Test func relayAsCombineSubjectAcceptsAndIgnoresCompletion() {
        let relay = PublishRelay<Int>()
        let subject = relay.toCombine()
        let subscriber = TestSubscriber<Int, Never>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .finished)
        relay.accept(2)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
    }

    @Test func behaviorRelayReplaysItsValueWithinDemand() {
        let relay = BehaviorRelay(value: 10)
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        relay.toCombine().subscribe(subscriber)
        relay.accept(11)
        #expect(subscriber.values == [10])  // 11 is held until demanded
        subscriber.request(.max(1))
        #expect(subscriber.values == [10, 11])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func replayRelayAsCombineSubject() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(relay.accept)
        let subscriber = TestSubscriber<Int, Never>()
        relay.toCombine().subscribe(subscriber)
        #expect(subscriber.values == [2, 3])
    }

    @Test func publishSubjectAsCombineSubjectMapsCompletionAndError() {
        let rx = PublishSubject<Int>()
        let subject = rx.toCombine()
        let subscriber = TestSubscriber<Int, Error>()
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(BridgeTestError(id: 4)))
        subject.send(2)
        #expect(subscriber.values == [1])
        guard case .failure(let error)? = subscriber.completion else {
            Issue.record("expected failure")
            return
        }
        #expect(error as? BridgeTestError == BridgeTestError(id: 4))
        var rxError: Error?
        _ = rx.subscribe(onError: { rxError = $0 })  // the Rx subject itself failed
        #expect(rxError as? BridgeTestError == BridgeTestError(id: 4))
    }

    @Test func behaviorAndReplaySubjectsAsCombineSubjects() {
        let behavior = BehaviorSubject(value: "a").toCombine()
        let first = TestSubscriber<String, Error>()
        behavior.subscribe(first)
        behavior.send("b")
        behavior.send(completion: .finished)
        #expect(first.values == ["a", "b"])
        guard case .finished? = first.completion else {
            Issue.record("expected finished")
            return
        }
        let replay = ReplaySubject<Int>.createUnbounded()
        replay.onNext(1)
        let second = TestSubscriber<Int, Error>()
        replay.toCombine().subscribe(second)
        #expect(second.values == [1])
    }

    @Test func combineSubjectAsRxObserver() {
        let subject = PassthroughSubject<Int, Error>()
        let subscriber = TestSubscriber<Int, Error>()
        subject.subscribe(subscriber)
        let disposable = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onError(BridgeTestError(id: 9))
            return Disposables.create()
        }.bind(to: subject)
        #expect(subscriber.values == [1, 2])
        guard case .failure? = subscriber.completion else {
            Issue.record("expected failure")
            return
        }
        disposable.dispose()
    }

    // Sending into a bridged subject from its own subscriber is delivered (RxSwift delivers it nested).
    @Test func reentrantSendIntoABridgedSubject() {
        let relay = PublishRelay<Int>()
        let subject = relay.toCombine()
        var received: [Int] = []
        let subscriber = TestSubscriber<Int, Never>(onValue: { value in
            received.append(value)
            if value == 1 { subject.send(2) }
        })
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(3)
        #expect(received == [1, 2, 3])
        #expect(subscriber.values == [1, 2, 3])
    }

    @Test func mappedErrorsIntoATypedSubject() {
        enum UIError: Error, Equatable { case failed }
        let subject = PassthroughSubject<Int, UIError>()
        let subscriber = TestSubscriber<Int, UIError>()
        subject.subscribe(subscriber)
        let observer = subject.asAnyObserver { _ in UIError.failed }
        observer.onNext(5)
        observer.onError(BridgeTestError(id: 1))
        #expect(subscriber.values == [5])
        guard case .failure(.failed)? = subscriber.completion else {
            Issue.record("expected typed failure")
            return
        }
    }
}
