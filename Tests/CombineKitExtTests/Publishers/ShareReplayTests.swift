import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct ShareReplayTests {
    @Test func replaysBufferToLateSubscriberThenLiveValues() {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = subject.share(replay: 2)
        let first = IntSubscriber()
        shared.subscribe(first)
        [1, 2, 3].forEach(subject.send)
        let second = IntSubscriber()
        shared.subscribe(second)
        subject.send(4)
        subject.send(completion: .failure(.oops))
        #expect(first.values == [1, 2, 3, 4])
        #expect(second.values == [2, 3, 4])
        #expect(first.completion == .failure(.oops))
        #expect(second.completion == .failure(.oops))
    }

    @Test func subscribesUpstreamOnceForAllSubscribers() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(10, 1), .finished(20)])
        let shared = upstream.share(replay: 1)
        let a = IntSubscriber(scheduler: s)
        let b = IntSubscriber(scheduler: s)
        shared.subscribe(a)
        shared.subscribe(b)
        s.run()
        #expect(upstream.subscriptions.count == 1)
        #expect(upstream.subscriptions.first?.totalDemand == .unlimited)
        #expect(a.events == [.subscription(0), .value(10, 1), .finished(20)])
        #expect(b.events == a.events)
    }

    // RxSwift docs: .whileConnected forgets the buffer and disconnects when the count drops to zero.
    @Test func whileConnectedDisconnectsAtZeroSubscribersAndForgetsBuffer() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2)])
        let shared = upstream.share(replay: 1, scope: .whileConnected)
        let a = IntSubscriber(scheduler: s)
        shared.subscribe(a)
        s.at(20) { a.cancel() }
        let b = IntSubscriber(scheduler: s)
        s.at(25) { shared.subscribe(b) }
        s.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 25])
        #expect(upstream.subscriptions.first?.cancelled == 20)
        #expect(b.events == [.subscription(25), .value(30, 2)])
    }

    @Test func whileConnectedResubscribesAfterCompletion() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 7), .finished(2)])
        let shared = upstream.share(replay: 1, scope: .whileConnected)
        let a = IntSubscriber(scheduler: s)
        shared.subscribe(a)
        let b = IntSubscriber(scheduler: s)
        s.at(10) { shared.subscribe(b) }
        s.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 10])
        #expect(b.events == [.subscription(10), .value(11, 7), .finished(12)])
    }

    // RxSwift docs: .forever keeps one buffer; after termination it replays and never resubscribes.
    @Test func foreverReplaysBufferAndTerminationWithoutResubscribing() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 7), .value(2, 8), .finished(3)])
        let shared = upstream.share(replay: 1, scope: .forever)
        shared.subscribe(IntSubscriber(scheduler: s))
        let late = IntSubscriber(scheduler: s)
        s.at(10) { shared.subscribe(late) }
        s.run()
        #expect(upstream.subscriptions.count == 1)
        #expect(late.events == [.subscription(10), .value(10, 8), .finished(10)])
    }

    @Test func foreverKeepsBufferAcrossDisconnectAndReconnects() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2)])
        let shared = upstream.share(replay: 1, scope: .forever)
        let a = IntSubscriber(scheduler: s)
        shared.subscribe(a)
        s.at(20) { a.cancel() }
        let b = IntSubscriber(scheduler: s)
        s.at(25) { shared.subscribe(b) }
        s.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0, 25])
        #expect(b.events == [.subscription(25), .value(25, 1), .value(30, 2)])
    }

    @Test func maxOneSubscriberGetsReplayAsDemandedAndLosesNothingOnCompletion() {
        let subject = PassthroughSubject<Int, TestError>()
        let shared = subject.share(replay: 3)
        shared.subscribe(IntSubscriber())
        [1, 2, 3].forEach(subject.send)
        let slow = IntSubscriber(initialDemand: .max(1))
        shared.subscribe(slow)
        subject.send(4)
        subject.send(completion: .finished)
        #expect(slow.values == [1])
        #expect(slow.completion == nil)
        slow.request(.max(2))
        #expect(slow.values == [1, 2, 3])
        slow.request(.max(1))
        #expect(slow.values == [1, 2, 3, 4])
        #expect(slow.completion == .finished)
        #expect(slow.demandViolations == 0)
    }

    @Test func shareWithScopeOnlyHasNoReplay() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share(scope: .forever)
        let a = TestSubscriber<Int, Never>()
        shared.subscribe(a)
        subject.send(1)
        let b = TestSubscriber<Int, Never>()
        shared.subscribe(b)
        subject.send(2)
        #expect(a.values == [1, 2])
        #expect(b.values == [2])
    }

    // The public initialiser subscribes the connection through a closure of its own (the `share`
    // methods make theirs in the caller's code): it must connect once, on the first subscriber, and
    // replay the same way.
    @Test func publicInitialiserConnectsOnceAndReplays() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2)])
        let shared = Publishers.ShareReplay(upstream: upstream, replay: 1, scope: .whileConnected)
        let a = IntSubscriber(scheduler: s)
        shared.subscribe(a)
        let b = IntSubscriber(scheduler: s)
        s.at(20) { shared.subscribe(b) }
        s.run()
        #expect(upstream.subscriptions.map(\.subscribed) == [0])
        #expect(upstream.subscriptions.first?.totalDemand == .unlimited)
        #expect(a.events == [.subscription(0), .value(10, 1), .value(30, 2)])
        #expect(b.events == [.subscription(20), .value(20, 1), .value(30, 2)])
    }

    // Combine's share() keeps its connection only while subscribed: once every subscriber has cancelled,
    // or upstream has finished, nothing keeps the shared publisher or its connection alive, for either scope.
    @Test(arguments: [ShareReplayScope.whileConnected, .forever])
    func theSharedPublisherIsReleasedAfterCancellationAndAfterCompletion(scope: ShareReplayScope) {
        let subject = PassthroughSubject<Int, Never>()
        weak var cancelledShare: Publishers.ShareReplay<PassthroughSubject<Int, Never>>?
        weak var finishedShare: Publishers.ShareReplay<PassthroughSubject<Int, Never>>?
        var values: [Int] = []
        do {
            let shared = subject.share(replay: 1, scope: scope)
            cancelledShare = shared
            let a = shared.sink { values.append($0) }
            let b = shared.sink { values.append($0 * 10) }
            subject.send(1)
            a.cancel()
            b.cancel()
        }
        #expect(cancelledShare == nil)
        let finishing = PassthroughSubject<Int, Never>()
        var kept: AnyCancellable?
        do {
            let shared = finishing.share(replay: 1, scope: scope)
            finishedShare = shared
            kept = shared.sink { values.append($0 + 100) }
            finishing.send(2)
            finishing.send(completion: .finished)
        }
        // The sink's subscription was released at completion; the cancellable keeps nothing.
        #expect(finishedShare == nil)
        #expect(values == [1, 10, 102])
        kept?.cancel()
    }
}
