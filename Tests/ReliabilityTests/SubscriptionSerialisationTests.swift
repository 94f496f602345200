import CombineKit
import CombineKitExt
import Foundation
import RxCombineBridge
import RxKit
import Testing

/// Regression tests for a bug the stress suites found: a value sent from another thread reached a
/// subscriber while it was still inside `receive(subscription:)` (right after it requested demand).
/// Combine requires `receive(subscription:)`, `receive(_:)` and `receive(completion:)` to be serialised
/// ("Downstream calls to Subscriber's receive(subscription:), receive(_:), and receive(completion:) must
/// be serialized", forums.swift.org/t/thread-safety-for-combine-publishers/29491/11).
///
/// Deterministic: the subscriber requests demand, then — still inside `receive(subscription:)` — has
/// another thread send and waits until that `send` returned. The value must arrive only afterwards.
@Suite("Subscription serialisation")
struct SubscriptionSerialisationTests {
    @Test func passthroughSubjectHoldsValuesUntilReceiveSubscriptionReturns() {
        let subject = PassthroughSubject<Int, Never>()
        let probe = SubscribingProbe<Int, Never> { onOtherThread { subject.send(1) } }
        subject.subscribe(probe)
        #expect(probe.valuesDuringSubscription == 0)
        #expect(probe.values == [1])
    }

    @Test func currentValueSubjectHoldsValuesUntilReceiveSubscriptionReturns() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let probe = SubscribingProbe<Int, Never> { onOtherThread { subject.send(1) } }
        subject.subscribe(probe)
        // The current value, asked for from inside on the subscribing thread, arrives there (as Combine's,
        // OpenCombine CurrentValueSubjectTests.testMultipleSubscriptions); the other thread's value waits.
        #expect(probe.valuesDuringSubscription == 1)
        #expect(probe.values == [0, 1])
    }

    @Test func asPublisherHoldsValuesUntilReceiveSubscriptionReturns() {
        let subject = PublishSubject<Int>()
        let probe = SubscribingProbe<Int, Error> { onOtherThread { subject.onNext(1) } }
        subject.asPublisher().subscribe(probe)
        #expect(probe.valuesDuringSubscription == 0)
        #expect(probe.values == [1])
    }

    @Test func replayingSubjectHoldsValuesUntilReceiveSubscriptionReturns() {
        let subject = ReplayingSubject<Int, Never>(bufferSize: 1)
        let probe = SubscribingProbe<Int, Never> { onOtherThread { subject.send(1) } }
        subject.subscribe(probe)
        #expect(probe.valuesDuringSubscription == 0)
        #expect(probe.values == [1])
    }

    @Test func aSynchronousSourceStillDeliversBeforeSubscribeReturns() {
        // Holding values during receive(subscription:) must not make synchronous sources asynchronous.
        var values: [Int] = []
        _ = Observable.from([1, 2]).asPublisher().sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        let subject = CurrentValueSubject<Int, Never>(7)
        _ = subject.sink { values.append($0) }
        #expect(values == [1, 2, 7])
    }
}

/// Runs `body` on a new thread and waits for it (the wait is only a deadlock guard).
func onOtherThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread {
        body()
        done.signal()
    }.start()
    let finished = done.wait(timeout: .now() + 60) == .success
    #expect(finished, "the sending thread did not finish: deadlock")
}

/// Requests `.unlimited` in `receive(subscription:)`, then runs `whileSubscribing` before returning;
/// counts values that arrive while it is still inside `receive(subscription:)`.
final class SubscribingProbe<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    private let lock = NSLock()
    private let whileSubscribing: () -> Void
    private var insideSubscription = false
    private var storedValues: [Input] = []
    private var overlapping = 0

    init(whileSubscribing: @escaping () -> Void) { self.whileSubscribing = whileSubscribing }

    var values: [Input] { lock.withLock { storedValues } }
    var valuesDuringSubscription: Int { lock.withLock { overlapping } }

    func receive(subscription: Subscription) {
        lock.withLock { insideSubscription = true }
        subscription.request(.unlimited)
        whileSubscribing()
        lock.withLock { insideSubscription = false }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock {
            if insideSubscription { overlapping += 1 }
            storedValues.append(input)
        }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {}
}
