import CombineKit
import CombineKitTest
import Testing

/// combineLatest takes a `Just` upstream's value without subscribing to it; what the downstream sees must be
/// what the `Just`'s subscription would deliver. Combine's `Just` "emits an output to each subscriber just
/// once, and then finishes", on the first request of demand above zero (OpenCombine JustTests, run against
/// Combine: testJustNoInitialDemand, testJustWithInitialDemand, testCancelOnSubscription); combineLatest
/// asks each upstream for the downstream's demand and finishes once every upstream has finished.
@Suite struct CombineLatestJustUpstreamTests {
    final class Token: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    // Combine: a Just delivers nothing until demand is requested, then its value and `.finished`.
    @Test func justValuesWaitForTheDownstreamsDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(1).combineLatest(Just(2)) { $0 * 10 + $1 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 12), .finished(0)])
        subscriber.request(.max(1))  // a Just delivers once
        #expect(subscriber.events == [.subscription(0), .value(0, 12), .finished(0)])
    }

    // Combine: demand requested as the subscription arrives reaches each Just as it is subscribed.
    @Test func demandRequestedOnSubscriptionDeliversAtOnce() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        Just(1).combineLatest(Just(2), Just(3)) { $0 * 100 + $1 * 10 + $2 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 123), .finished(0)])
    }

    // Combine: a Just whose subscription is cancelled before any demand delivers nothing, and its value is released.
    @Test func cancelBeforeDemandDeliversNothingAndReleasesTheValue() {
        weak var released: Token?
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        do {
            let token = Token(7)
            released = token
            Just(token).combineLatest(Just(2)) { $0.id + $1 }.subscribe(subscriber)
        }
        #expect(released != nil)
        let subscription = subscriber.subscription
        subscriber.cancel()
        #expect(released == nil)
        subscription?.request(.max(1))  // demand after cancel: ignored, as by a cancelled Just
        #expect(subscriber.values.isEmpty)
        #expect(subscriber.completion == nil)
    }

    // Combine: combineLatest finishes only once every upstream has finished, the Just's `.finished` included.
    @Test func finishesWhenTheOtherUpstreamsFinishToo() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).combineLatest(subject) { $0 * 10 + $1 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        subject.send(2)
        subject.send(3)
        #expect(subscriber.events == [.subscription(0), .value(0, 12), .value(0, 13)])
        subject.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 12), .value(0, 13), .finished(0)])
    }

    // Combine: each upstream gets the downstream's demand; a PassthroughSubject drops values sent without
    // demand, and the Just's value arrives with the first request.
    @Test func mixedUpstreamsShareTheDownstreamsDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        subject.combineLatest(Just(7)) { $0 * 10 + $1 }.subscribe(subscriber)
        subject.send(1)  // no demand yet: dropped by the subject
        subscriber.request(.max(2))
        #expect(subscriber.events == [.subscription(0)])
        subject.send(3)
        subject.send(4)
        subject.send(5)  // beyond the demand of 2: dropped by the subject
        subject.send(completion: .finished)
        #expect(subscriber.events == [.subscription(0), .value(0, 37), .value(0, 47), .finished(0)])
    }

    // Combine: demand returned from `receive(_:)` goes on to every upstream, as requested demand does.
    @Test func demandReturnedByTheDownstreamReachesTheOtherUpstreams() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        Just(1).combineLatest(subject, Just(2)) { $0 * 100 + $1 * 10 + $2 }.subscribe(subscriber)
        subject.send(3)
        subject.send(4)
        subject.send(5)
        #expect(subscriber.values == [132, 142, 152])
        #expect(subscriber.demandViolations == 0)
    }

    // Found at run time too: where the upstream's type is generic, a Just is still taken as a Just would deliver.
    @Test func justFoundInGenericCodeBehavesTheSame() {
        func combined<P: Publisher>(_ upstream: P) -> Publishers.CombineLatest<P, Just<Int>> where P.Failure == Never {
            upstream.combineLatest(Just(2))
        }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        combined(Just(1)).map { $0 * 10 + $1 }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 12), .finished(0)])
    }

    // A Just of a zero-size value sits in the combination as any other element.
    @Test func justOfZeroSizeValueCombines() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(()).combineLatest(Just(3), Just(())) { _, value, _ in value }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 3), .finished(0)])
    }

    // The Just's value lives in the combination until the subscription ends: released after completion.
    @Test func justValueIsReleasedAfterCompletion() {
        weak var released: Token?
        var received: [Int] = []
        do {
            let token = Token(4)
            released = token
            let subscription = Just(token).combineLatest(Just(1)) { $0.id + $1 }.sink { received.append($0) }
            _ = subscription
        }
        #expect(received == [5])
        #expect(released == nil)
    }
}
