import CombineKit
import Testing

/// `_SubscriberValueLane`: a subscriber that offers one (the Rx bridge's) gets its values from a subject
/// through it, in place of `receive(_:)`, under the same rules — demand, order, values sent from inside a
/// delivery queued and delivered after it. A lane adds no demand (it is only for subscribers whose
/// `receive(_:)` returns `.none`). Every other subscriber has none (`nil`) and is called as before.
@Suite("Subscriber value lanes")
struct SubscriberValueLaneTests {
    @Test func aPassthroughSubjectDeliversThroughTheLaneWithinTheDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LaneSubscriber()
        subject.subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        subject.send(1)
        subject.send(2)
        subject.send(3)  // no demand left: a passthrough subject drops it, as Combine's does
        #expect(subscriber.viaLane == [1, 2])
        // The lane adds no demand: one more requested, one more delivered, the next dropped.
        subscriber.subscription?.request(.max(1))
        subject.send(4)
        subject.send(5)
        subject.send(completion: .finished)
        #expect(subscriber.viaLane == [1, 2, 4])
        #expect(subscriber.viaReceive.isEmpty)
        #expect(subscriber.completions == 1)
    }

    @Test func aValueSentFromInsideTheLaneIsDeliveredAfterItThroughTheLane() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = LaneSubscriber()
        subscriber.onValue = { value in
            if value == 1 {
                subject.send(2)  // queued while 1 is being delivered
                #expect(subscriber.viaLane == [1])
            }
        }
        subject.subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        subject.send(1)
        #expect(subscriber.viaLane == [1, 2])
        #expect(subscriber.viaReceive.isEmpty)
    }

    @Test func aCurrentValueSubjectDeliversItsCurrentValueAndSendsThroughTheLane() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let subscriber = LaneSubscriber()
        subject.subscribe(subscriber)
        #expect(subscriber.viaLane.isEmpty)  // no demand yet
        subscriber.subscription?.request(.unlimited)
        subject.send(8)
        #expect(subscriber.viaLane == [7, 8])
        #expect(subscriber.viaReceive.isEmpty)
    }

    @Test func anOrdinarySubscriberHasNoLaneAndIsCalledThroughReceive() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(sink._valueLane == nil)
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        subject.send(1)
        #expect(values == [1])
        cancellable.cancel()
    }
}

/// Records which way each value came in: through its value lane, or `receive(_:)`.
private final class LaneSubscriber: Subscriber, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    private(set) var subscription: Subscription?
    private(set) var viaLane: [Int] = []
    private(set) var viaReceive: [Int] = []
    private(set) var completions = 0
    /// Called after a value that came through the lane is recorded.
    var onValue: ((Int) -> Void)?

    func receive(subscription: Subscription) { self.subscription = subscription }

    func receive(_ input: Int) -> Subscribers.Demand {
        viaReceive.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Never>) { completions += 1 }

    var _valueLane: _SubscriberValueLane<Int>? {
        _SubscriberValueLane(target: self) { value, target in
            let subscriber = Unmanaged<LaneSubscriber>.fromOpaque(target).takeUnretainedValue()
            subscriber.viaLane.append(value)
            subscriber.onValue?(value)
        }
    }
}
