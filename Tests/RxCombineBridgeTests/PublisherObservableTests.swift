import CombineKit
import CombineKitTest
import RxCombineBridge
import RxKit
import RxKitTest
import Testing

@Suite struct PublisherObservableTests {
    @Test func forwardsValuesAndFinishRequestingUnlimited() {
        let publisher = ControlledPublisher<Int, Never>()
        var events: [Event<Int>] = []
        let subscription = publisher.asObservable().subscribe { events.append($0) }
        #expect(publisher.requested == [.unlimited])
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .finished)
        #expect(events.map(\.debugDescription) == ["next(1)", "next(2)", "completed"])
        subscription.dispose()
        #expect(publisher.cancelCount == 0)  // already finished: nothing to cancel
    }

    @Test func failureBecomesAnRxError() {
        let publisher = ControlledPublisher<Int, BridgeTestError>()
        var error: Error?
        _ = publisher.asObservable().subscribe(onError: { error = $0 })
        publisher.send(completion: .failure(BridgeTestError(id: 3)))
        #expect(error as? BridgeTestError == BridgeTestError(id: 3))
    }

    // The bridge has two subscribers (see `BridgedObserverKind`); the tests that pin how the Combine
    // subscription is handed over run with each.
    @Test(arguments: BridgedObserverKind.allCases)
    func disposingCancelsTheCombineSubscriptionOnce(_ kind: BridgedObserverKind) {
        let publisher = ControlledPublisher<Int, Never>()
        let recording = kind.subscribe(to: publisher.asObservable())
        publisher.send(1)
        recording.subscription.dispose()
        recording.subscription.dispose()
        #expect(publisher.cancelCount == 1)
        publisher.send(2)
        #expect(recording.events() == ["next(1)"])
    }

    // The bridge's subscriber hands the Combine subscription over through one atomic word (no lock):
    // these pin each order of subscription, cancel and completion.
    @Test(arguments: BridgedObserverKind.allCases)
    func disposingBeforeTheSubscriptionArrivesCancelsItWhenItArrivesAndRequestsNothing(_ kind: BridgedObserverKind) {
        let publisher = LateSubscriptionPublisher()
        let recording = kind.subscribe(to: publisher.asObservable())
        recording.subscription.dispose()
        publisher.deliverSubscription()
        #expect(publisher.subscriptions.map(\.cancelCount) == [1])
        #expect(publisher.subscriptions.map(\.requested) == [[]])
        publisher.send(1)
        #expect(recording.events().isEmpty)
    }

    // A misbehaving upstream that completes before handing over its subscription: the Rx side ends (and
    // disposes) on the completion, so the late subscription is cancelled on arrival and nothing is requested
    // (Combine's Sink likewise cancels a subscription it gets after finishing).
    @Test(arguments: BridgedObserverKind.allCases)
    func aSubscriptionArrivingAfterTheCompletionIsCancelledAndRequestsNothing(_ kind: BridgedObserverKind) {
        let publisher = LateSubscriptionPublisher()
        let recording = kind.subscribe(to: publisher.asObservable())
        publisher.finishWithoutDroppingSubscriber()
        publisher.deliverSubscription()
        #expect(recording.events() == ["completed"])
        #expect(publisher.subscriptions.map(\.requested) == [[]])
        #expect(publisher.subscriptions.map(\.cancelCount) == [1])
    }

    // Combine's contract: a subscriber takes one subscription; its own subscribers cancel any further one.
    @Test(arguments: BridgedObserverKind.allCases)
    func aSecondSubscriptionIsCancelledAndTheFirstKeepsWorking(_ kind: BridgedObserverKind) {
        let publisher = LateSubscriptionPublisher()
        let recording = kind.subscribe(to: publisher.asObservable())
        publisher.deliverSubscription()
        publisher.deliverSubscription()
        #expect(publisher.subscriptions.map(\.requested) == [[.unlimited], []])
        #expect(publisher.subscriptions.map(\.cancelCount) == [0, 1])
        publisher.send(1)
        #expect(recording.events() == ["next(1)"])
        recording.subscription.dispose()
        #expect(publisher.subscriptions.map(\.cancelCount) == [1, 1])
    }

    // After completion the upstream is done with the subscriber: the bridge lets go of the subscription
    // without cancelling it, and a later dispose cancels nothing.
    @Test(arguments: BridgedObserverKind.allCases)
    func completionReleasesTheSubscriptionWithoutCancellingIt(_ kind: BridgedObserverKind) {
        let publisher = LateSubscriptionPublisher()
        let recording = kind.subscribe(to: publisher.asObservable())
        publisher.deliverSubscription()
        weak let weakSubscription = publisher.subscriptions.first
        publisher.send(1)
        publisher.finish()
        #expect(recording.events() == ["next(1)", "completed"])
        #expect(weakSubscription == nil, "the bridge kept the finished publisher's subscription")
        recording.subscription.dispose()
        #expect(publisher.cancelCounts == [0])
    }

    // No leak: once the subscription ends, by disposal (which cancels the subscription) or by the
    // publisher's completion (after which the bridge drops the subscription), the subscriber the publisher
    // was given is released, though its subscription would keep it and the user still holds the Rx disposable.
    @Test(arguments: BridgedObserverKind.allCases)
    func theBridgedSubscriberIsReleasedWhenTheSubscriptionEnds(_ kind: BridgedObserverKind) {
        for endsByDisposal in [false, true] {
            let publisher = SubscriberTrackingPublisher()
            let recording = kind.subscribe(to: publisher.asObservable())
            #expect(publisher.weakSubscriber != nil)
            if endsByDisposal {
                recording.subscription.dispose()
            } else {
                publisher.finish()
            }
            #expect(publisher.weakSubscriber == nil, "the bridge's subscriber outlived its subscription (ended by \(endsByDisposal ? "disposal" : "completion"))")
            withExtendedLifetime(recording.subscription) {}
        }
    }

    // The Rx side takes the publisher's events without serialising them again (Combine calls one
    // subscriber serially); these pin the Rx grammar on that path: nothing after the first terminal
    // event, nothing after disposal, and the terminal event ends the subscription.
    @Test func nothingAfterTheFirstTerminalEventEvenFromAMisbehavingPublisher() {
        let publisher = ControlledPublisher<Int, BridgeTestError>()
        var events: [String] = []
        _ = publisher.asObservable().subscribe(
            onNext: { events.append("next(\($0))") }, onError: { events.append("error(\($0))") },
            onCompleted: { events.append("completed") }, onDisposed: { events.append("disposed") })
        publisher.send(1)
        publisher.send(completion: .finished)
        publisher.send(2)
        publisher.send(completion: .failure(BridgeTestError(id: 1)))
        publisher.send(completion: .finished)
        #expect(events == ["next(1)", "completed", "disposed"])
        #expect(publisher.cancelCount == 0)
    }

    // `asObservable()` takes one of two sinks: RxKit's own observers (sinks, `subscribe(onNext:…)`) get a
    // sink that holds them as lane nodes; any other `ObserverType` the generic one. Both keep the grammar.
    @Test func aPlainObserverTypeGetsTheSameEventsAndNothingAfterTheTerminalOne() {
        let publisher = ControlledPublisher<Int, BridgeTestError>()
        let observer = RecordingObserver<Int>()
        _ = publisher.asObservable().subscribe(observer)
        publisher.send(1)
        publisher.send(2)
        publisher.send(completion: .failure(BridgeTestError(id: 4)))
        publisher.send(3)
        publisher.send(completion: .finished)
        #expect(observer.events == ["next(1)", "next(2)", "error(BridgeTestError(4))"])
    }

    @Test func aPlainObserverTypeGetsNothingAfterDisposal() {
        let publisher = ControlledPublisher<Int, Never>()
        let observer = RecordingObserver<Int>()
        let subscription = publisher.asObservable().subscribe(observer)
        publisher.send(1)
        subscription.dispose()
        publisher.send(2)
        publisher.send(completion: .finished)
        #expect(observer.events == ["next(1)"])
        #expect(publisher.cancelCount == 1)
    }

    // The bridge's subscriber has no "ended?" check of its own on the per-value path: the sink closes before
    // it delivers the terminal event, so a value a misbehaving publisher sends from inside that delivery
    // (Combine's contract: nothing after the completion) is dropped there. Both sinks.
    @Test func aValueSentWhileTheCompletionIsDeliveredIsDroppedByTheGenericSink() {
        let publisher = ControlledPublisher<Int, Never>()
        let observer = RecordingObserver<Int>()
        observer.whenTerminated = { publisher.send(99) }
        _ = publisher.asObservable().subscribe(observer)
        publisher.send(1)
        publisher.send(completion: .finished)
        #expect(observer.events == ["next(1)", "completed"])
    }

    @Test func aValueSentWhileTheFailureIsDeliveredIsDroppedByTheNodeSink() {
        let publisher = ControlledPublisher<Int, BridgeTestError>()
        let observer = RecordingObserver<Int>()
        observer.whenTerminated = { publisher.send(99) }
        // `map`'s sink is an RxKit node: the bridge's node sink feeds it.
        _ = publisher.asObservable().map { $0 * 10 }.subscribe(observer)
        publisher.send(1)
        publisher.send(completion: .failure(BridgeTestError(id: 5)))
        #expect(observer.events == ["next(10)", "error(BridgeTestError(5))"])
    }

    // A subject's subscription hands values to the bridge through its value lane (`_SubscriberValueLane`),
    // past `receive(_:)`: the same events, and nothing after disposal.
    @Test func aSubjectFeedsTheBridgeThroughItsValueLane() {
        for disposes in [false, true] {
            let subject = CurrentValueSubject<Int, BridgeTestError>(0)
            let observer = RecordingObserver<Int>()
            let subscription = subject.asObservable().subscribe(observer)
            subject.send(1)
            subject.send(2)
            if disposes {
                subscription.dispose()
                subject.send(3)
                #expect(observer.events == ["next(0)", "next(1)", "next(2)"])
            } else {
                subject.send(completion: .failure(BridgeTestError(id: 6)))
                #expect(observer.events == ["next(0)", "next(1)", "next(2)", "error(BridgeTestError(6))"])
            }
        }
    }

    @Test func anOperatorDownstreamGetsEverythingAndIsReleasedOnCompletionAndOnDisposal() {
        for endsByDisposal in [false, true] {
            let subject = PassthroughSubject<Int, Never>()
            weak var weakToken: Token?
            var values: [Int] = []
            var completed = false
            let subscription: Disposable = {
                let token = Token()
                weakToken = token
                // `map`'s sink is an RxKit node: the bridge's node sink feeds it through its lanes.
                return subject.asObservable()
                    .map { value in withExtendedLifetime(token) { value * 10 } }
                    .subscribe(onNext: { values.append($0) }, onCompleted: { completed = true })
            }()
            subject.send(1)
            subject.send(2)
            #expect(weakToken != nil)
            if endsByDisposal {
                subscription.dispose()
                subject.send(3)
            } else {
                subject.send(completion: .finished)
            }
            #expect(values == [10, 20])
            #expect(completed == !endsByDisposal)
            #expect(weakToken == nil, "the operator chain (and its closure) must be released when the subscription ends")
        }
    }

    @Test func disposingFromInsideOnNextStopsDeliveryAndCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var subscription: Disposable?
        subscription = subject.asObservable().subscribe(onNext: { value in
            values.append(value)
            if value == 2 { subscription?.dispose() }
        })
        for value in 1...4 { subject.send(value) }
        #expect(values == [1, 2])
        subject.send(completion: .finished)  // nobody left to receive it
        #expect(values == [1, 2])
    }

    @Test func aSynchronousPublisherDeliversEverythingDuringSubscribeAndEachSubscriptionIsFresh() {
        let source = [1, 2, 3].publisher.asObservable().map { $0 * 10 }
        var first: [String] = []
        var second: [String] = []
        _ = source.subscribe(onNext: { first.append("\($0)") }, onCompleted: { first.append("completed") })
        _ = source.subscribe(onNext: { second.append("\($0)") }, onCompleted: { second.append("completed") })
        #expect(first == ["10", "20", "30", "completed"])
        #expect(second == first)
    }

    @Test func subjectBridgedIntoRxTimeline() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PassthroughSubject<Int, Error>()
        scheduler.scheduleAt(210) { subject.send(1) }
        scheduler.scheduleAt(220) { subject.send(2) }
        scheduler.scheduleAt(230) { subject.send(completion: .failure(BridgeTestError(id: 1))) }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .error(230, BridgeTestError(id: 1))])
    }

    // Observable -> Publisher -> Observable must give the same timeline as the original.
    @Test func roundTripKeepsTheTimeline() {
        let events: [Recorded<Event<Int>>] = [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]
        let direct = TestScheduler(initialClock: 0)
        let directSource = direct.createHotObservable(events)
        let expected = direct.start { directSource.asObservable() }.events

        let bridged = TestScheduler(initialClock: 0)
        let bridgedSource = bridged.createHotObservable(events)
        let actual = bridged.start { bridgedSource.asPublisher().asObservable() }.events
        #expect(actual == expected)
        #expect(bridgedSource.subscriptions == [Subscription(200, 240)])
    }

    @Test func roundTripDisposalReachesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let res = scheduler.start(disposed: 250) { source.asPublisher().asObservable() }
        #expect(res.events == [.next(210, 1)])
        #expect(source.subscriptions == [Subscription(200, 250)])
    }

    // Future is eager and single-shot (Combine); as a Single it delivers its one result to each subscriber.
    @Test func futureBecomesASingle() {
        var runs = 0
        let future = Future<Int, BridgeTestError> { promise in
            runs += 1
            promise(.success(3))
        }
        var results: [Int] = []
        _ = future.asSingle().subscribe(onSuccess: { results.append($0) })
        _ = future.asSingle().subscribe(onSuccess: { results.append($0) })
        #expect(results == [3, 3])
        #expect(runs == 1)
        var failure: Error?
        _ = Future<Int, BridgeTestError> { $0(.failure(BridgeTestError(id: 2))) }.asSingle().subscribe(onFailure: { failure = $0 })
        #expect(failure as? BridgeTestError == BridgeTestError(id: 2))
    }

    @Test func traitConversions() {
        var single: Int?
        _ = Just(5).asSingle().subscribe(onSuccess: { single = $0 })
        #expect(single == 5)
        var maybeCompleted = false
        _ = Empty<Int, Never>().asMaybe().subscribe(onCompleted: { maybeCompleted = true })
        #expect(maybeCompleted)
        var completableError: Error?
        _ = Fail<Int, BridgeTestError>(error: BridgeTestError(id: 2)).asCompletable().subscribe(onError: { completableError = $0 })
        #expect(completableError as? BridgeTestError == BridgeTestError(id: 2))
        var emptySingleError: Error?
        _ = Empty<Int, Never>().asSingle().subscribe(onFailure: { emptySingleError = $0 })
        guard case .noElements? = emptySingleError as? RxError else {
            Issue.record("expected noElements")
            return
        }
    }
}

/// A publisher that hands its subscriber a subscription only when told (`deliverSubscription`, possibly
/// more than once, to play a misbehaving upstream), and keeps the subscriptions only weakly once finished.
private final class LateSubscriptionPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    final class Recording: CombineKit.Subscription {
        var requested: [Subscribers.Demand] = []
        var cancelCount = 0
        let counts: (Int) -> Void
        init(counts: @escaping (Int) -> Void) { self.counts = counts }
        func request(_ demand: Subscribers.Demand) { requested.append(demand) }
        func cancel() { cancelCount += 1; counts(cancelCount) }
    }

    private var subscriber: AnySubscriber<Int, Never>?
    /// The subscriptions handed out, held until `finish()`.
    private(set) var subscriptions: [Recording] = []
    /// Each subscription's cancel count, recorded as it changes (kept after `finish()` drops them).
    private(set) var cancelCounts: [Int] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
    }

    func deliverSubscription() {
        let index = cancelCounts.count
        cancelCounts.append(0)
        let subscription = Recording { [unowned self] count in cancelCounts[index] = count }
        subscriptions.append(subscription)
        subscriber?.receive(subscription: subscription)
    }

    func send(_ value: Int) { _ = subscriber?.receive(value) }

    /// Sends the completion but keeps the subscriber, so a subscription can still be handed over after it.
    func finishWithoutDroppingSubscriber() {
        subscriber?.receive(completion: .finished)
    }

    func finish() {
        let subscriber = self.subscriber
        self.subscriber = nil
        subscriptions = []
        subscriber?.receive(completion: .finished)
    }
}

/// The two ways an Rx subscriber meets the bridge: one of RxKit's own observers (`subscribe(onNext:…)`'s,
/// and every operator's sink), which get a subscriber that is also their Rx sink; and any other
/// `ObserverType`, which gets a subscriber feeding RxKit's generic serial sink.
enum BridgedObserverKind: CaseIterable, CustomTestStringConvertible {
    /// `subscribe(onNext:…)`: an RxKit node whose own subscription object is the sink's link.
    case rxKitObserver
    /// An RxKit operator's sink (`map`'s): a node that takes the sink itself as its disposable.
    case rxKitOperatorSink
    /// The bridge's own Rx → Combine subscription (`asPublisher()`, then a Combine `sink`): a node with a
    /// plain link.
    case combineSubscriberThroughAsPublisher
    case plainObserverType

    var testDescription: String {
        switch self {
        case .rxKitObserver: "RxKit's own observer"
        case .rxKitOperatorSink: "an RxKit operator's sink"
        case .combineSubscriberThroughAsPublisher: "asPublisher() and a Combine sink"
        case .plainObserverType: "a plain ObserverType"
        }
    }

    /// Subscribes to `observable` and records its events as "next(1)", "error(…)", "completed".
    func subscribe(to observable: Observable<Int>) -> (subscription: Disposable, events: () -> [String]) {
        let events = EventBox()
        switch self {
        case .rxKitObserver, .rxKitOperatorSink:
            let source = self == .rxKitOperatorSink ? observable.map { $0 } : observable
            let subscription = source.subscribe(
                onNext: { events.items.append("next(\($0))") }, onError: { events.items.append("error(\($0))") },
                onCompleted: { events.items.append("completed") })
            return (subscription, { events.items })
        case .combineSubscriberThroughAsPublisher:
            let cancellable = observable.asPublisher().sink(
                receiveCompletion: { completion in
                    switch completion {
                    case .finished: events.items.append("completed")
                    case .failure(let error): events.items.append("error(\(error))")
                    }
                },
                receiveValue: { events.items.append("next(\($0))") })
            return (Disposables.create { cancellable.cancel() }, { events.items })
        case .plainObserverType:
            let observer = RecordingObserver<Int>()
            return (observable.subscribe(observer), { observer.events })
        }
    }
}

private final class EventBox: @unchecked Sendable {
    var items: [String] = []
}

/// A publisher whose subscription holds the subscriber strongly until it is cancelled, even after the
/// completion (a reference cycle with a subscriber that holds its subscription, which only that subscriber
/// can break by dropping the subscription when it completes), and says (weakly) whether the subscriber is
/// still alive.
private final class SubscriberTrackingPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private var subscription: Tracking?
    private(set) weak var weakSubscriber: AnyObject?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        weakSubscriber = subscriber as AnyObject
        let subscription = Tracking(AnySubscriber(subscriber))
        self.subscription = subscription
        subscriber.receive(subscription: subscription)
    }

    /// Sends the completion and lets go of the subscription, which keeps its subscriber.
    func finish() {
        let subscription = self.subscription
        self.subscription = nil
        subscription?.subscriber?.receive(completion: .finished)
    }

    private final class Tracking: CombineKit.Subscription {
        var subscriber: AnySubscriber<Int, Never>?
        init(_ subscriber: AnySubscriber<Int, Never>) { self.subscriber = subscriber }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { subscriber = nil }
    }
}

/// An `ObserverType` that is not one of RxKit's own observers.
private final class RecordingObserver<Element>: ObserverType, @unchecked Sendable {
    private(set) var events: [String] = []
    /// Called after a terminal event is recorded (to play a source that sends more from inside it).
    var whenTerminated: (() -> Void)?

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element): events.append("next(\(element))")
        case .error(let error): events.append("error(\(error))")
        case .completed: events.append("completed")
        }
        if event.isStopEvent { whenTerminated?() }
    }
}

private final class Token {}
