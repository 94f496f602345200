import CombineKit
import Foundation
import RxCombineBridge
import RxKit
import Testing

/// A synchronous Rx source behind `asPublisher()` delivers inside the subscriber's first `request`, made
/// from `receive(subscription:)`, as Combine's own synchronous publishers do: Combine's `print()` traces
/// show "request unlimited" followed by the values and the completion before `sink` returns, i.e. inside
/// the request that `Sink.receive(subscription:)` makes (`Publishers.Sequence`, `Just`). CombineKit's
/// `Publishers.Sequence` behaves the same, so each test also runs its subscriber on it and compares.
/// What another thread sends meanwhile is still held until `receive(subscription:)` returns
/// (SubscriptionSerialisationTests), and nested deliveries do not nest further.
@Suite("asPublisher: delivery inside receive(subscription:)")
struct ObservablePublisherNestedDeliveryTests {
    @Test func aSynchronousSourceDeliversInsideTheFirstRequestLikePublishersSequence() {
        let bridged = NestingProbe<Int, Error>(initialDemand: .unlimited)
        Observable.from([1, 2, 3]).asPublisher().subscribe(bridged)
        let native = NestingProbe<Int, Never>(initialDemand: .unlimited)
        [1, 2, 3].publisher.subscribe(native)
        let expected = ["subscription", "request", "1 inside depth 1", "2 inside depth 1", "3 inside depth 1", "finished inside", "request returned", "subscription returned"]
        #expect(bridged.log == expected)
        #expect(native.log == expected)
    }

    @Test func limitedDemandDeliversWhatWasRequestedInsideAndTheRestOnTheNextRequest() {
        let bridged = NestingProbe<Int, Error>(initialDemand: .max(2))
        Observable.from([1, 2, 3]).asPublisher().subscribe(bridged)
        let native = NestingProbe<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.subscribe(native)
        let expected = ["subscription", "request", "1 inside depth 1", "2 inside depth 1", "request returned", "subscription returned"]
        #expect(bridged.log == expected)
        #expect(native.log == expected)
        bridged.subscription?.request(.max(5))
        native.subscription?.request(.max(5))
        #expect(bridged.log == expected + ["3 outside depth 1", "finished outside"])
        #expect(native.log == bridged.log)
    }

    @Test func anElementTheSubscriberCausesWhileReceivingComesAfterTheCurrentOneNotNestedInIt() {
        let subject = PublishSubject<Int>()
        let probe = NestingProbe<Int, Error>(initialDemand: .unlimited) { value in
            if value == 1 { subject.onNext(10) }  // re-entrant: merged into the same source
        }
        // merge subscribes the subject first, then `from` emits 1 and 2 during the same subscribe.
        Observable.merge(subject, Observable.from([1, 2])).asPublisher().subscribe(probe)
        #expect(probe.log == ["subscription", "request", "1 inside depth 1", "10 inside depth 1", "2 inside depth 1", "request returned", "subscription returned"])
    }

    @Test func anElementHeldFromAnotherThreadDuringSubscribeStaysAheadOfTheSubscribingThreadsOwn() {
        // The source emits 1 from another thread (held: the subscriber is inside receive(subscription:)),
        // waits for it, then emits 2 and completes on the subscribing thread.
        let source = Observable<Int>.create { observer in
            onOtherThread { observer.onNext(1) }
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        let probe = NestingProbe<Int, Error>(initialDemand: .unlimited)
        source.asPublisher().subscribe(probe)
        #expect(probe.log == ["subscription", "request", "1 inside depth 1", "2 inside depth 1", "finished inside", "request returned", "subscription returned"])
    }

    @Test func cancellingDuringANestedDeliveryStopsEverythingAndReleasesTheSubscriberAfterReceiveSubscription() {
        let source = CountingSource([1, 2, 3])
        weak var released: NestingProbe<Int, Error>?
        var log: [String] = []
        do {
            let probe = NestingProbe<Int, Error>(initialDemand: .unlimited) { _ in }
            probe.onValue = { [unowned probe] value in
                if value == 1 { probe.subscription?.cancel() }
            }
            released = probe
            source.observable.asPublisher().subscribe(probe)
            log = probe.log
            probe.subscription = nil
        }
        #expect(log == ["subscription", "request", "1 inside depth 1", "request returned", "subscription returned"])
        #expect(source.disposeCount == 1)
        #expect(released == nil, "the bridge still holds the subscriber after cancel")
    }
}

/// Requests `initialDemand` from inside `receive(subscription:)` and logs every call with whether it came
/// inside `receive(subscription:)` and how deeply `receive(_:)` calls were nested.
private final class NestingProbe<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private let initialDemand: Subscribers.Demand
    var onValue: (Input) -> Void
    var subscription: Subscription?
    private var insideSubscription = false
    private var depth = 0
    private var entries: [String] = []

    init(initialDemand: Subscribers.Demand, onValue: @escaping (Input) -> Void = { _ in }) {
        self.initialDemand = initialDemand
        self.onValue = onValue
    }

    var log: [String] { lock.withLock { entries } }

    private func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    private var place: String { lock.withLock { insideSubscription ? "inside" : "outside" } }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        lock.withLock { insideSubscription = true }
        record("subscription")
        record("request")
        subscription.request(initialDemand)
        record("request returned")
        lock.withLock { insideSubscription = false }
        record("subscription returned")
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let level = lock.withLock { depth += 1; return depth }
        record("\(input) \(place) depth \(level)")
        onValue(input)
        lock.withLock { depth -= 1 }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        record("\(completion.isFinished ? "finished" : "failed") \(place)")
    }
}

private extension Subscribers.Completion {
    var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}

/// Runs `body` on a new thread and waits for it to finish (the wait's limit only guards against a deadlock).
private func onOtherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    let finished = done.wait(timeout: .now() + 60) == .success
    #expect(finished, "the other thread did not finish: deadlock")
}
