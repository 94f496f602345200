import CombineKit
import CombineKitTest
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

/// RxKit's own observers are entries of the subject's own subscriber list, with no subscription object each:
/// the entry kind's own behaviour, beside the Combine subscribers of the same subject.
@Suite struct PassthroughSubjectNodeEntryTests {
    // Combine: each subscriber of a PassthroughSubject gets values only as far as its own demand; Rx has no
    // back-pressure, so the Rx observer gets every value meanwhile.
    @Test(arguments: [BridgedObserverKind.rxKitObserver, .rxKitOperatorSink])
    func combineSubscribersAndRxObserversOfOneSubjectKeepTheirOwnDemand(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, Never>()
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.subscribe(limited)
        let rx = kind.subscribe(to: subject.asObservable())
        let unlimited = TestSubscriber<Int, Never>()
        subject.subscribe(unlimited)
        subject.send(1)
        subject.send(2)
        limited.request(.max(1))
        subject.send(3)
        subject.send(4)
        subject.send(completion: .finished)
        #expect(limited.values == [1, 3])
        #expect(rx.events() == ["next(1)", "next(2)", "next(3)", "next(4)", "completed"])
        #expect(unlimited.values == [1, 2, 3, 4])
        #expect(limited.completion == .finished && unlimited.completion == .finished)
        rx.subscription.dispose()
    }

    // Combine: a subscriber that cancels gets nothing more, and the subject's other subscribers carry on.
    @Test func cancellingACombineSubscriberLeavesTheRxObserversEntry() {
        let subject = PassthroughSubject<Int, Never>()
        let combine = TestSubscriber<Int, Never>()
        subject.subscribe(combine)
        let rx = BridgedObserverKind.rxKitObserver.subscribe(to: subject.asObservable())
        subject.send(1)
        combine.cancel()
        subject.send(2)
        #expect(combine.values == [1])
        #expect(rx.events() == ["next(1)", "next(2)"])
        rx.subscription.dispose()
        subject.send(3)
        #expect(rx.events() == ["next(1)", "next(2)"])
    }

    // Combine: a subscriber that joins a subject that has failed gets the failure at once; a subscriber
    // already there gets it when it is sent.
    @Test(arguments: [BridgedObserverKind.rxKitObserver, .rxKitOperatorSink])
    func theFailureReachesObserversAlreadyThereAndLateOnes(_ kind: BridgedObserverKind) {
        let subject = PassthroughSubject<Int, BridgeTestError>()
        let early = kind.subscribe(to: subject.asObservable())
        let alsoEarly = kind.subscribe(to: subject.asObservable())
        subject.send(1)
        subject.send(completion: .failure(BridgeTestError(id: 3)))
        let late = kind.subscribe(to: subject.asObservable())
        #expect(early.events() == ["next(1)", "error(BridgeTestError(3))"])
        #expect(alsoEarly.events() == ["next(1)", "error(BridgeTestError(3))"])
        #expect(late.events() == ["error(BridgeTestError(3))"])
    }

    // Rx: a disposed subscription releases its observer. Disposed from inside the observer's own delivery,
    // the subject is still calling it: it lets it go once that call has returned.
    @Test func disposingFromInsideTheDeliveryReleasesTheObserverAfterIt() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakProbe: Probe?
        var subscription: Disposable?
        var aliveDuringTheCall = false
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.asObservable().map { $0 }.subscribe(onNext: { value in
                probe.count += value
                subscription?.dispose()
                subscription = nil
                aliveDuringTheCall = weakProbe != nil
            })
        }
        subject.send(1)
        #expect(aliveDuringTheCall)
        #expect(weakProbe == nil, "the subject kept the disposed observer")
        subject.send(2)
    }

    // Combine: a subscriber joining while a value is being sent does not get that value; a PassthroughSubject
    // keeps no value for later subscribers.
    @Test func anObserverSubscribedDuringADeliveryGetsOnlyLaterValues() {
        let subject = PassthroughSubject<Int, Never>()
        let observable = subject.asObservable()
        var late: (subscription: Disposable, events: () -> [String])?
        let first = observable.subscribe(onNext: { value in
            if value == 1 { late = BridgedObserverKind.rxKitObserver.subscribe(to: observable) }
        })
        subject.send(1)
        subject.send(2)
        #expect(late?.events() == ["next(2)"])
        first.dispose()
        late?.subscription.dispose()
    }

    // Rx's grammar (no overlapping calls to an observer) and Combine's (serialised calls to a subscriber): a
    // send from inside one observer is delivered once the value in progress has reached every observer, so
    // each gets the values in the order they were sent. (RxSwift's PublishSubject delivers a nested send at
    // once, inside the first observer's call, so that a later observer there gets 2 before 1.)
    @Test func aSendFromInsideOneObserverReachesEveryObserverInOrder() {
        let subject = PassthroughSubject<Int, Never>()
        var first: [Int] = []
        var second: [Int] = []
        let a = subject.asObservable().subscribe(onNext: { value in
            first.append(value)
            if value == 1 { subject.send(2) }
        })
        let b = subject.asObservable().subscribe(onNext: { second.append($0) })
        subject.send(1)
        #expect(first == [1, 2])
        #expect(second == [1, 2])
        a.dispose()
        b.dispose()
    }

    // Rx's grammar (no overlapping calls to an observer), as for the subject's Combine subscribers (CombineKit's
    // subscription serialises its subscriber's calls): a completion sent from inside the observer's `onNext`
    // arrives once that call has returned.
    @Test func aCompletionSentFromInsideTheObserverFollowsTheValue() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let subscription = subject.asObservable().subscribe(
            onNext: { value in
                events.append("next(\(value))")
                subject.send(completion: .finished)
                events.append("returned")
            },
            onCompleted: { events.append("completed") })
        subject.send(1)
        #expect(events == ["next(1)", "returned", "completed"])
        subscription.dispose()
    }

    // RxSwift's PublishSubject is not a Producer: subscribing to one that has completed sends the observer the
    // terminal event at once, from `subscribe` itself, with no current-thread trampoline around it (work the
    // observer schedules on CurrentThreadScheduler then runs at once, as outside any trampoline). The bridged
    // subject does the same, for RxKit's own observers and any other.
    @Test(arguments: [false, true])
    func subscribingToACompletedSubjectCompletesAtOnceWithoutATrampoline(plainObserver: Bool) {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(completion: .finished)
        let observer = SchedulingObserver()
        let subscription = plainObserver
            ? subject.asObservable().subscribe(observer)
            : subject.asObservable().subscribe(onCompleted: { observer.on(.completed) })
        observer.steps.append("subscribe returned")
        #expect(observer.steps == ["completed", "scheduled", "completion handler returned", "subscribe returned"])
        subscription.dispose()
    }
}

/// On completion, schedules a step on `CurrentThreadScheduler` and records when it runs.
private final class SchedulingObserver: ObserverType, @unchecked Sendable {
    var steps: [String] = []

    func on(_ event: Event<Int>) {
        guard event.isStopEvent else { return }
        steps.append("completed")
        _ = CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            steps.append("scheduled")
            return Disposables.create()
        }
        steps.append("completion handler returned")
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
