import CombineKit
import RxCombineBridge
import RxKit
import Testing

/// `PassthroughSubject.asObservable()`: RxKit's own observers are called by the subject's subscription
/// itself; anything else goes the way of `Publisher.asObservable()`. Each behaviour is checked for every kind
/// of observer (`BridgedObserverKind`).
@Suite struct PassthroughSubjectObservableTests {
    @Test(arguments: BridgedObserverKind.allCases)
    func forwardsValuesThenTheCompletion(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, Never>()
        let recording = kind.subscribe(to: subject.asObservable())
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        subject.send(3)  // Combine: nothing after the completion
        #expect(recording.events() == ["next(1)", "next(2)", "completed"])
        recording.subscription.dispose()
    }

    @Test(arguments: BridgedObserverKind.allCases)
    func aFailureBecomesTheRxError(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, BridgeTestError>()
        let recording = kind.subscribe(to: subject.asObservable())
        subject.send(1)
        subject.send(completion: .failure(BridgeTestError(id: 7)))
        #expect(recording.events() == ["next(1)", "error(BridgeTestError(7))"])
    }

    @Test func theErrorIsTheSubjectsFailureValue() {
        let subject = PassthroughSubject<Int, BridgeTestError>()
        var received: Error?
        let subscription = subject.asObservable().subscribe(onError: { received = $0 })
        subject.send(completion: .failure(BridgeTestError(id: 4)))
        #expect(received as? BridgeTestError == BridgeTestError(id: 4))
        subscription.dispose()
    }

    @Test(arguments: BridgedObserverKind.allCases)
    func disposingStopsDeliveryAndLeavesTheSubjectWorkingForOthers(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, Never>()
        let observable = subject.asObservable()
        let disposed = kind.subscribe(to: observable)
        let staying = kind.subscribe(to: observable)
        subject.send(1)
        disposed.subscription.dispose()
        disposed.subscription.dispose()  // idempotent
        subject.send(2)
        subject.send(completion: .finished)
        #expect(disposed.events() == ["next(1)"])
        #expect(staying.events() == ["next(1)", "next(2)", "completed"])
    }

    // Disposing cancels the subject's subscription, which releases the subscriber it holds (Combine: a
    // cancelled subscription releases its subscriber), and with it the Rx observer (or operator's sink) and
    // its closures.
    @Test(arguments: [false, true])
    func disposingReleasesTheObserverWhileTheSubjectLives(throughAnOperator: Bool) {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakProbe: Probe?
        var subscription: Disposable?
        do {
            let probe = Probe()
            weakProbe = probe
            let source = throughAnOperator ? subject.asObservable().map { $0 * 2 } : subject.asObservable()
            subscription = source.subscribe(onNext: { probe.count += $0 })
        }
        subject.send(1)
        #expect(weakProbe?.count == (throughAnOperator ? 2 : 1))
        subscription?.dispose()
        #expect(weakProbe == nil, "the subject kept the disposed observer")
        subject.send(2)
    }

    // Rx: a sequence that ended releases its observer; Combine: the subject drops a completed subscriber.
    @Test func theCompletionReleasesTheObserver() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakProbe: Probe?
        var completed = false
        var subscription: Disposable?
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.asObservable().subscribe(onNext: { _ in probe.count += 1 }, onCompleted: { completed = true })
        }
        subject.send(completion: .finished)
        #expect(completed)
        #expect(weakProbe == nil, "the completed subscription kept its observer")
        subscription?.dispose()
    }

    // Combine: a subject that has completed gives a new subscriber the completion at once.
    @Test(arguments: BridgedObserverKind.allCases)
    func aSubjectThatFinishedBeforeTheSubscribeCompletesTheObserverAtOnce(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(completion: .finished)
        let recording = kind.subscribe(to: subject.asObservable())
        subject.send(1)
        #expect(recording.events() == ["completed"])
        recording.subscription.dispose()
    }

    @Test(arguments: BridgedObserverKind.allCases)
    func aSubjectThatFailedBeforeTheSubscribeSendsTheErrorAtOnce(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, BridgeTestError>()
        subject.send(completion: .failure(BridgeTestError(id: 2)))
        let recording = kind.subscribe(to: subject.asObservable())
        #expect(recording.events() == ["error(BridgeTestError(2))"])
        recording.subscription.dispose()
    }

    // A send from inside the observer reaches it too, in order (Rx's grammar: no overlapping deliveries).
    @Test func aSendFromInsideTheObserverIsDeliveredInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscription = subject.asObservable().subscribe(onNext: { value in
            received.append(value)
            if value < 3 { subject.send(value + 1) }
        })
        subject.send(1)
        #expect(received == [1, 2, 3])
        subscription.dispose()
    }

    @Test func disposingFromInsideTheObserverStopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var events: [String] = []
        let subscription = subject.asObservable().take(1).subscribe(
            onNext: { value in
                received.append(value)
                subject.send(value + 10)  // arrives after `take(1)` ended: dropped
            },
            onCompleted: { events.append("completed") })
        subject.send(1)
        subject.send(2)
        #expect(received == [1])
        #expect(events == ["completed"])
        subscription.dispose()
    }

    @Test func manySubscribersEachReceiveEveryValueInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        let observable = subject.asObservable()
        let recordings = BridgedObserverKind.allCases.flatMap { kind in
            [kind.subscribe(to: observable), kind.subscribe(to: subject.asObservable())]
        }
        for value in 1...3 { subject.send(value) }
        subject.send(completion: .finished)
        for recording in recordings {
            #expect(recording.events() == ["next(1)", "next(2)", "next(3)", "completed"])
            recording.subscription.dispose()
        }
    }

    // Rx has no back-pressure: the bridge asks the subject for everything, so a subject's upstream
    // subscription is asked for `.unlimited` once an Rx observer subscribes (Combine: a
    // PassthroughSubject asks its upstream once a subscriber asks it).
    @Test(arguments: BridgedObserverKind.allCases)
    func subscribingAsksTheSubjectsUpstreamForEverything(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, Never>()
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        #expect(upstream.requested.isEmpty)
        let recording = kind.subscribe(to: subject.asObservable())
        #expect(upstream.requested == [.unlimited])
        recording.subscription.dispose()
    }
}

private final class Probe: @unchecked Sendable {
    var count = 0
}

private final class RecordingSubscription: Subscription, @unchecked Sendable {
    var requested: [Subscribers.Demand] = []
    func request(_ demand: Subscribers.Demand) { requested.append(demand) }
    func cancel() {}
}
