import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct MaterializeTests {
    typealias Event = PublisherEvent<Int, TestError>

    @Test func materializesValuesAndFinish() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .finished(20)])
        let subscriber = TestSubscriber<Event, Never>(scheduler: s)
        upstream.materialize().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, .value(1)), .value(20, .finished), .finished(20)])
    }

    @Test func materializesFailureAsValueThenFinishes() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.failure(10, .oops)])
        let subscriber = TestSubscriber<Event, Never>(scheduler: s)
        upstream.materialize().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, .failure(.oops)), .finished(10)])
    }

    @Test func maxOneSubscriberGetsTerminalEventOnlyWhenItDemandsIt() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .finished(2)])
        let subscriber = TestSubscriber<Event, Never>(scheduler: s, initialDemand: .max(1))
        upstream.materialize().subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [.value(1)])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [.value(1), .finished])
        #expect(subscriber.completion == .finished)
        // Upstream had already finished when the second request came: it is not asked again.
        #expect(upstream.subscriptions.first?.totalDemand == .max(1))
        #expect(subscriber.demandViolations == 0)
    }

    @Test func cancellationCancelsUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2)])
        let subscriber = TestSubscriber<Event, Never>(scheduler: s)
        upstream.materialize().subscribe(subscriber)
        s.at(20) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [.value(1)])
        #expect(upstream.subscriptions.first?.cancelled == 20)
    }

    @Test func dematerializeTurnsEventsBack() {
        let s = CombineTestScheduler()
        let upstream = TestPublisher<Event, Never>.hot(s, [.value(10, .value(1)), .value(20, .failure(.oops)), .value(30, .value(2))])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.dematerialize().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .failure(20, .oops)])
        #expect(upstream.subscriptions.first?.cancelled == 20)
    }

    @Test func dematerializeFinishesOnFinishedEventAndRoundTrips() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .finished(20)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.materialize().dematerialize().subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .finished(20)])
    }

    @Test func dematerializeWithLimitedDemandAndCancel() {
        let s = CombineTestScheduler()
        let upstream = TestPublisher<Event, TestError>.cold(s, [.value(1, .value(1)), .value(2, .value(2))])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        upstream.dematerialize().subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [1])
        subscriber.cancel()
        #expect(upstream.subscriptions.first?.cancelled == 10)
        #expect(subscriber.demandViolations == 0)
    }

    // A never-failing publisher of `PublisherEvent<Int, Never>` matches both `dematerialize()` overloads;
    // this once failed to compile ("ambiguous use of 'dematerialize()'"), so the test is that it builds
    // and round-trips a `Never` subject (RxSwift: `materialize().dematerialize()` gives back the sequence).
    @Test func dematerializeOfNeverFailingEventsFromNeverFailingPublisher() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var finished = false
        let cancellable = subject.materialize().dematerialize()
            .sink(receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        #expect(received == [1, 2])
        #expect(finished)
        cancellable.cancel()
    }
}
