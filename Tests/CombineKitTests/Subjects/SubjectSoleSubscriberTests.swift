import CombineKit
import Foundation
import Testing

/// A subject with one subscriber hands a value over without copying its subscriber list: the sending
/// thread holds no reference to the subscription while it delivers. These pin that a subscription leaving
/// the subject during such a delivery — cancelled from inside `receive(_:)`, or completed by another
/// thread — stays alive until the delivery ends and is released after it (CI also runs them under the
/// address sanitizer, which reports a use after free). Combine's rules they also check: nothing after
/// cancel, the completion after the value being delivered, exactly once.
@Suite("Subjects with one subscriber: a subscription leaving during a delivery")
struct SubjectSoleSubscriberTests {
    @Test(arguments: [false, true])
    func cancelFromInsideReceiveWithNoOtherReferenceLeftIsReleasedAfterTheSend(currentValue: Bool) {
        let subject = SubjectUnderTest(currentValue: currentValue)
        let subscription = WeakBox()
        weak var weakSubscriber: DroppingSubscriber?
        var aliveDuringDelivery: Bool?
        do {
            let subscriber = DroppingSubscriber()
            subscriber.onValue = { [unowned subscriber] value in
                guard value == 1 else { return }
                subscriber.cancelAndDrop()  // the subject lets go of it too: only this delivery holds it
                aliveDuringDelivery = subscription.object != nil
            }
            subject.subscribe(subscriber)
            subscription.object = subscriber.subscription as AnyObject?
            weakSubscriber = subscriber
        }
        #expect(subscription.object != nil)  // the subject holds it
        subject.send(1)  // delivered on the one-subscriber path; cancelled inside, every other reference dropped
        #expect(aliveDuringDelivery == true, "the subscription was freed while its delivery was still running")
        #expect(subscription.object == nil, "the subscription outlived the delivery that cancelled it")
        #expect(weakSubscriber == nil, "the subscriber outlived the cancel")
        subject.send(2)  // nobody left: nothing delivered, nothing touched
    }

    @Test(arguments: [false, true])
    func completionFromAnotherThreadDuringADeliveryComesAfterTheValueAndReleasesTheSubscription(currentValue: Bool) {
        let subject = SubjectUnderTest(currentValue: currentValue)
        let subscription = WeakBox()
        var aliveDuringDelivery: Bool?
        let subscriber = DroppingSubscriber()
        subscriber.onValue = { [unowned subscriber] value in
            guard value == 1 else { return }
            subscriber.drop()  // the subject's list is now all that holds the subscription
            let done = DispatchSemaphore(value: 0)
            Thread {
                subject.finish()  // the subject lets go of its list; the completion waits for this delivery
                done.signal()
            }.start()
            let finished = done.wait(timeout: .now() + 60) == .success  // a deadlock guard, not a timing check
            subscriber.log.append(finished ? "completion sent" : "deadlock")
            aliveDuringDelivery = subscription.object != nil
        }
        subject.subscribe(subscriber)
        subscription.object = subscriber.subscription as AnyObject?
        subject.send(1)
        #expect(subscriber.log == ["value 1", "completion sent", "finished"])
        #expect(aliveDuringDelivery == true, "the subscription was freed while its delivery was still running")
        #expect(subscription.object == nil, "the subscription outlived the completion")
    }

    @Test func cancelRacingSendsToTheOnlySubscriberStopsDeliveryAndReleasesItStress() {
        for _ in 0..<20 {
            let subject = PassthroughSubject<Int, Never>()
            let received = Counter()
            let holder = CancellableHolder(subject.sink { _ in received.increment() })
            let group = DispatchGroup()
            for thread in 0..<3 {
                group.enter()
                Thread {
                    if thread == 2 {
                        for _ in 0..<100 { sched_yield() }  // let the senders get going (a yield, not a timed wait)
                        holder.cancelAndDrop()  // the senders hold no reference: only a delivery under way keeps it
                    } else {
                        for value in 0..<2_000 { subject.send(value) }
                    }
                    group.leave()
                }.start()
            }
            group.wait()
            let count = received.value
            subject.send(-1)
            #expect(received.value == count)
        }
    }
}

/// A `PassthroughSubject` or a `CurrentValueSubject` (then the subscriber first gets the current value, 0).
private struct SubjectUnderTest {
    let passthrough = PassthroughSubject<Int, Never>()
    let current = CurrentValueSubject<Int, Never>(0)
    let currentValue: Bool

    init(currentValue: Bool) { self.currentValue = currentValue }

    func subscribe(_ subscriber: DroppingSubscriber) {
        if currentValue { current.subscribe(subscriber) } else { passthrough.subscribe(subscriber) }
    }

    func send(_ value: Int) {
        if currentValue { current.send(value) } else { passthrough.send(value) }
    }

    func finish() {
        if currentValue { current.send(completion: .finished) } else { passthrough.send(completion: .finished) }
    }
}

/// Holds its subscription until told to drop it; logs values (the current value 0 excepted) and the completion.
private final class DroppingSubscriber: Subscriber, @unchecked Sendable {
    var subscription: Subscription?
    var onValue: (Int) -> Void = { _ in }
    var log: [String] = []

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        if input != 0 { log.append("value \(input)") }
        onValue(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) {
        log.append("finished")
    }

    func cancelAndDrop() {
        let subscription = self.subscription
        self.subscription = nil
        subscription?.cancel()
    }

    func drop() {
        subscription = nil
    }
}

private final class WeakBox: @unchecked Sendable {
    weak var object: AnyObject?
}

private final class CancellableHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var cancellable: AnyCancellable?
    init(_ cancellable: AnyCancellable) { self.cancellable = cancellable }
    func cancelAndDrop() {
        let taken = lock.withLock { cancellable.take() }
        taken?.cancel()
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
