import Foundation
import RxKit
import RxKitTest
import Testing

/// Counts upstream subscriptions across threads.
fileprivate final class ShareSubscriptionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    func increment() { lock.lock(); count += 1; lock.unlock() }
}

@Suite struct ShareTests {
    @Test func concurrentSubscribersShareOneConnectionAndTheLastOneOutDisconnects() {
        let subject = PublishSubject<Int>()
        let counter = ShareSubscriptionCounter()
        let shared = Observable<Int>.create { observer in
            counter.increment()
            return subject.subscribe(observer)
        }.share(replay: 1)
        let keeper = shared.subscribe { _ in }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<200 { shared.subscribe { _ in }.dispose() }
        }
        #expect(counter.value == 1)
        keeper.dispose()
        #expect(!subject.hasObservers)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<200 { shared.subscribe { _ in }.dispose() }
        }
        #expect(!subject.hasObservers)
    }

    // RxSwift's `Disposable` contract: disposing again does nothing. The share returns its subscription
    // (a struct removing its key) straight to a plain observer, so a second dispose reaches the connection
    // again and must not disturb the other subscriber, nor the connection made after everyone left.
    @Test func disposingASubscriptionTwiceLeavesTheOtherSubscribersAlone() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        var first: [Int] = []
        var second: [Int] = []
        let a = shared.subscribe(AnyObserver { if case .next(let x) = $0 { first.append(x) } })
        let b = shared.subscribe(AnyObserver { if case .next(let x) = $0 { second.append(x) } })
        subject.onNext(1)
        a.dispose()
        a.dispose()
        subject.onNext(2)
        #expect(first == [1])
        #expect(second == [1, 2])
        b.dispose()
        b.dispose()
        #expect(!subject.hasObservers)
        let c = shared.subscribe(AnyObserver { if case .next(let x) = $0 { first.append(x) } })
        a.dispose()
        b.dispose()
        subject.onNext(3)
        #expect(first == [1, 3])
        c.dispose()
        #expect(!subject.hasObservers)
    }

    private static let script: [Recorded<Event<Int>>] = [.next(10, 1), .next(20, 2), .next(30, 3), .completed(40)]

    @Test func sharesOneSubscriptionAmongSubscribersWithoutReplayByDefault() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 215)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(second.events == [.next(220, 2), .next(230, 3), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func replaysTheLatestElementsToLateSubscribers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 2)
        _ = record(ys, on: scheduler, from: 200)
        let late = record(ys, on: scheduler, from: 225)
        scheduler.start()
        #expect(late.events == [.next(225, 1), .next(225, 2), .next(230, 3), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    // `share(replay: 1)` (whileConnected) has its own implementation, as in RxSwift
    // (ShareReplay1WhileConnected): the same behaviour as multicast(makeSubject: ReplaySubject(1)).refCount().
    @Test func replayOneGivesALateSubscriberTheLatestElementThenWhatFollows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 1)
        let first = record(ys, on: scheduler, from: 200)
        let late = record(ys, on: scheduler, from: 225)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(late.events == [.next(225, 2), .next(230, 3), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    // RxSwift's share(replay: 1, scope: .whileConnected) with closure subscribers (which the share keeps
    // without an entry while alone): a subscriber joining while connected gets the latest element, one
    // joining from inside another's onNext gets it too, the first leaving keeps the others connected, and
    // after all have left the next one reconnects with no stale element.
    @Test func closureSubscribersJoinLeaveAndReconnectAsAnyObserverDoes() {
        let subject = PublishSubject<Int>()
        var connections = 0
        let shared = Observable<Int>.deferred {
            connections += 1
            return subject.asObservable()
        }.share(replay: 1)
        var log: [String] = []
        var nested: Disposable?
        let a = shared.subscribe(onNext: { value in
            log.append("a\(value)")
            if value == 2 && nested == nil { nested = shared.subscribe(onNext: { log.append("n\($0)") }) }
        })
        subject.onNext(1)
        let b = shared.subscribe(onNext: { log.append("b\($0)") })
        subject.onNext(2)
        a.dispose()
        subject.onNext(3)
        b.dispose()
        nested?.dispose()
        #expect(!subject.hasObservers)
        subject.onNext(4)
        let c = shared.subscribe(onNext: { log.append("c\($0)") })
        subject.onNext(5)
        c.dispose()
        #expect(log == ["a1", "b1", "a2", "n2", "b2", "b3", "n3", "c5"])
        #expect(connections == 2)
        #expect(!subject.hasObservers)
    }

    @Test func aSourceThatEndsDuringSubscribeEndsEachConnection() {
        var subscriptions = 0
        let source = Observable<Int>.deferred {
            subscriptions += 1
            return .just(subscriptions)
        }.share(replay: 1)
        var events: [Event<Int>] = []
        _ = source.subscribe { events.append($0) }
        _ = source.subscribe { events.append($0) }
        #expect(events == [.next(1), .completed, .next(2), .completed])
        #expect(subscriptions == 2)
    }

    @Test func subscribingAgainFromTheTerminalHandlerStartsANewConnection() {
        let subject = PublishSubject<Int>()
        var upstreamSubscriptions = 0
        let shared = Observable<Int>.deferred {
            upstreamSubscriptions += 1
            return subject.asObservable()
        }.share(replay: 1)
        var log: [String] = []
        var resubscription: Disposable?
        _ = shared.subscribe(onNext: { log.append("first \($0)") }, onCompleted: {
            log.append("first completed")
            resubscription = shared.subscribe(onNext: { log.append("second \($0)") })
        })
        subject.onNext(1)
        subject.onCompleted()
        #expect(upstreamSubscriptions == 2)
        #expect(log == ["first 1", "first completed"])  // the completed subject ends the new connection too
        resubscription?.dispose()
    }

    @Test func theLastSubscriberLeavingFromInsideOnNextDisconnects() {
        let subject = PublishSubject<Int>()
        let shared = subject.share(replay: 1)
        var received: [Int] = []
        var subscription: Disposable?
        subscription = shared.subscribe(onNext: { value in
            received.append(value)
            subscription?.dispose()
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [1])
        #expect(!subject.hasObservers)
        // A new subscriber reconnects, with no stale replay.
        var later: [Int] = []
        let again = shared.subscribe(onNext: { later.append($0) })
        #expect(later.isEmpty)
        subject.onNext(3)
        #expect(later == [3])
        again.dispose()
    }

    @Test func whileConnectedResubscribesWithAFreshSubjectAfterTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 1, scope: .whileConnected)
        let first = record(ys, on: scheduler, from: 200)
        let afterEnd = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(afterEnd.events == [.next(310, 1), .next(320, 2), .next(330, 3), .completed(340)])
        #expect(xs.subscriptions == [Subscription(200, 240), Subscription(300, 340)])
    }

    @Test func whileConnectedDropsTheBufferWhenTheLastSubscriberLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 1)
        let first = record(ys, on: scheduler, from: 200, to: 225)
        let second = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2)])
        #expect(second.events == [.next(310, 1), .next(320, 2), .next(330, 3), .completed(340)])
        #expect(xs.subscriptions == [Subscription(200, 225), Subscription(300, 340)])
    }

    @Test func foreverNeverResubscribesAfterTerminationAndReplaysToNewSubscribers() {
        // RxSwift documents .forever: "After source sequence terminates any new observer will always
        // immediately receive replayed elements and terminal event. No new subscriptions to source
        // observable sequence will be attempted."
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 1, scope: .forever)
        let first = record(ys, on: scheduler, from: 200)
        let afterEnd = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        #expect(afterEnd.events == [.next(300, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func foreverWithoutReplayGivesLateSubscribersOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(scope: .forever)
        _ = record(ys, on: scheduler, from: 200)
        let afterEnd = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(afterEnd.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func foreverReconnectsAfterTheLastSubscriberLeftAndKeepsTheStaleBuffer() {
        // RxSwift documents .forever: a new connection "can potentially receive some of the stale events".
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable(Self.script)
        let ys = xs.share(replay: 1, scope: .forever)
        let first = record(ys, on: scheduler, from: 200, to: 225)
        let second = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(220, 2)])
        #expect(second.events == [.next(300, 2), .next(310, 1), .next(320, 2), .next(330, 3), .completed(340)])
        #expect(xs.subscriptions == [Subscription(200, 225), Subscription(300, 340)])
    }

    @Test func errorReachesEverySubscriberAndWhileConnectedRetriesOnTheNextSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let ys = xs.share()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 205)
        let afterError = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .error(220, testError)])
        #expect(second.events == [.next(210, 1), .error(220, testError)])
        #expect(afterError.events == [.next(310, 1), .error(320, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    /// A subject keeps a connection as its own entry and sends it terminal events through its terminal lane.
    @Test func aSharedSubjectsTerminalEventReachesEverySubscriberAndEndsTheConnection() {
        for fails in [false, true] {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            var first: [Event<Int>] = []
            var second: [Event<Int>] = []
            _ = shared.subscribe { first.append($0) }
            subject.onNext(1)
            _ = shared.subscribe { second.append($0) }
            let end: Event<Int> = fails ? .error(testError) : .completed
            if fails { subject.onError(testError) } else { subject.onCompleted() }
            #expect(first == [.next(1), end])
            #expect(second == [.next(1), end])
            #expect(!subject.hasObservers)
            // A new subscriber reconnects, to the ended subject: no stale replay, just its terminal event.
            var later: [Event<Int>] = []
            _ = shared.subscribe { later.append($0) }
            #expect(later == [end])
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable(Self.script)
            let shared = [
                xs.share(), xs.share(replay: 1), xs.share(replay: 2), xs.share(scope: .forever), xs.share(replay: 1, scope: .forever),
            ]
            for ys in shared {
                _ = record(ys, on: scheduler, from: 200, to: 225)
                _ = record(ys, on: scheduler, from: 210)
                _ = record(ys, on: scheduler, from: 300)
            }
            scheduler.start()
        }
        #expect(delta == 0)
    }

    /// A replaying connection keeps its latest element inside itself when the element is small enough
    /// (a word here) and in memory of its own otherwise (six words and a reference here); either way a late
    /// subscriber gets it (RxSwift `share(replay: 1, scope: .whileConnected)`), a newer element replaces
    /// it, and it is released when the connection ends.
    @Test(arguments: [false, true])
    func theReplayedElementIsReleasedWhenReplacedAndWhenTheConnectionEnds(large: Bool) {
        final class Payload {}
        struct Large { var payload: Payload; var words: (Int, Int, Int, Int, Int, Int) }
        weak var first: Payload?
        weak var second: Payload?
        let subject = PublishSubject<Payload>()
        // The shared sequence is a map of the subject, so each element is made from a payload either way.
        let shared: Observable<Payload> = large
            ? subject.map { Large(payload: $0, words: (1, 2, 3, 4, 5, 6)) }.share(replay: 1).map { $0.payload }
            : subject.share(replay: 1)
        var received: [ObjectIdentifier] = []
        let early = shared.subscribe(onNext: { received.append(ObjectIdentifier($0)) })
        do {
            let one = Payload(), two = Payload()
            first = one
            second = two
            subject.onNext(one)
            subject.onNext(two)
        }
        #expect(first == nil, "the replaced latest element is released")
        #expect(second != nil, "the latest element is kept for late subscribers")
        var replayed: [ObjectIdentifier] = []
        let late = shared.subscribe(onNext: { replayed.append(ObjectIdentifier($0)) })
        #expect(replayed.count == 1)
        #expect(replayed.first == second.map(ObjectIdentifier.init))
        #expect(received.count == 2)
        early.dispose()
        #expect(second != nil, "still connected: the late subscriber remains")
        late.dispose()
        #expect(second == nil, "the connection ended and dropped its latest element")
    }

    /// A share of a share whose only subscriber leaves on the first element, which arrives while the
    /// subscription is being made (a `BehaviorSubject`'s value ends a `take(1)`), leaves the upstream
    /// share, which disconnects from its source once its last subscriber is gone (RxSwift: `share`
    /// disconnects when its subscriber count drops to zero).
    @Test(arguments: [false, true])
    func aShareOfAShareWhoseSubscriberLeavesDuringSubscribeLeavesTheUpstreamShare(upstreamHasAnotherSubscriber: Bool) {
        let source = BehaviorSubject(value: 1)
        let upstream = source.share(replay: 1)
        let other = upstreamHasAnotherSubscriber ? upstream.subscribe(onNext: { _ in }) : nil
        let downstream = upstream.share(replay: 1)
        var received: [Int] = []
        let subscription = downstream.take(1).subscribe(onNext: { received.append($0) })
        #expect(received == [1])
        #expect(source.hasObservers == upstreamHasAnotherSubscriber)
        other?.dispose()
        #expect(!source.hasObservers, "the stopped downstream share is still subscribed to the upstream one")
        subscription.dispose()
    }
}
