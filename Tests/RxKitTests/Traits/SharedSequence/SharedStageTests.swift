// `@testable`: the stages are internal; a Driver's or Signal's operators make them, and these tests build
// them directly too, to reach their connections.
import Foundation
@testable import RxKit
import RxKitTest
import Testing

/// `SharedStage`, the share a Driver's or Signal's `map`/`filter` makes, which makes a connection per
/// subscription period and lets a connection run the stages below it that nothing else references. It
/// must behave as RxCocoa's
/// `share(replay: 1 (Driver) or 0 (Signal), scope: .whileConnected)` of the operator: one source
/// subscription while anyone is subscribed, the latest element replayed to a late subscriber (replay 1),
/// and, once everyone left or the source ended, a fresh subscription for the next subscriber with nothing
/// replayed from the old one. (A connection torn down on one thread while another subscribes:
/// `ShareWhileConnectedReconnectionTests`, which runs its scripts on a stage too.)
@Suite struct SharedStageTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A map stage over `source` (`x * 10`), as an `Observable` (`SharedStageObservable`, what
    /// `asObservable()` gives for a stage).
    func mapped(_ source: Observable<Int>, replay: Int) -> Observable<Int> {
        SharedStageObservable(MapSharedStage(upstream: source, kind: .observable, transform: { $0 * 10 }, replaysLatest: replay == 1))
    }

    // RxSwift share(replay: 1, scope: .whileConnected): two subscribers share one source subscription; the
    // second, arriving after an element, gets it first (replay), then what follows.
    @Test func twoSubscribersShareOneSubscriptionAndALateOneGetsTheLatest() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(250, 3)])
        let shared = mapped(xs.asObservable(), replay: 1)
        let first = record(shared, on: scheduler, from: 200, to: 300)
        let second = record(shared, on: scheduler, from: 220, to: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 10), .next(230, 20), .next(250, 30)])
        #expect(second.events == [.next(220, 10), .next(230, 20), .next(250, 30)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // RxSwift share(replay: 0, scope: .whileConnected) (a Signal's): a late subscriber gets only what follows.
    @Test func withoutReplayALateSubscriberGetsOnlyWhatFollows() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let shared = mapped(xs.asObservable(), replay: 0)
        let first = record(shared, on: scheduler, from: 200, to: 300)
        let second = record(shared, on: scheduler, from: 220, to: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 10), .next(230, 20)])
        #expect(second.events == [.next(230, 20)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // RxSwift .whileConnected: when the last subscriber leaves, the source subscription is disposed; the next
    // subscriber subscribes again and is replayed nothing from the old connection. Three connections.
    @Test(arguments: [0, 1])
    func eachReconnectionAfterAllLeftSubscribesAfreshWithNothingReplayed(replay: Int) {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(410, 2), .next(610, 3)])
        let shared = mapped(xs.asObservable(), replay: replay)
        let first = record(shared, on: scheduler, from: 200, to: 300)
        let second = record(shared, on: scheduler, from: 400, to: 500)
        let secondLate = record(shared, on: scheduler, from: 420, to: 500)
        let third = record(shared, on: scheduler, from: 600, to: 700)
        scheduler.start()
        #expect(first.events == [.next(210, 10)])
        #expect(second.events == [.next(410, 20)])
        #expect(secondLate.events == (replay == 1 ? [.next(420, 20)] : []))
        #expect(third.events == [.next(610, 30)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(400, 500), Subscription(600, 700)])
    }

    // RxSwift .whileConnected: a source that terminated is subscribed again by the next subscriber (the
    // terminated connection is dropped), with nothing replayed.
    @Test(arguments: [0, 1])
    func aSubscriberAfterTheSourceEndedSubscribesAgain(replay: Int) {
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let shared = mapped(xs.asObservable(), replay: replay)
        let first = record(shared, on: scheduler, from: 200)
        let second = record(shared, on: scheduler, from: 300)
        let third = record(shared, on: scheduler, from: 400)
        scheduler.start()
        #expect(first.events == [.next(210, 10), .completed(220)])
        #expect(second.events == [.next(310, 10), .completed(320)])
        #expect(third.events == [.next(410, 10), .completed(420)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320), Subscription(400, 420)])
    }

    // RxCocoa: driver.map(f).filter(p) is share(share(source.map(f)).filter(p)); the filter's share subscribes
    // to the map's, which subscribes to the source once, whatever subscribes to the filter's.
    @Test func aStageOverAStageSubscribesToItDirectlyAndOnce() {
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PublishSubject<Int>()
            var sourceSubscriptions = 0
            let driver = subject.do(onSubscribe: { sourceSubscriptions += 1 }).asDriver(onErrorJustReturn: -1)
            let mappedDriver = driver.map { $0 + 1 }
            let filtered = mappedDriver.filter { $0 % 2 == 0 }
            var received: [Int] = []
            var fromObservable: [Int] = []
            let driven = filtered.drive(onNext: { received.append($0) })
            let observed = filtered.asObservable().subscribe(onNext: { fromObservable.append($0) })
            let alsoMapped = mappedDriver.drive()
            #expect(sourceSubscriptions == 1)
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            scheduler.start()
            #expect(received == [2, 4])
            #expect(fromObservable == [2, 4])
            driven.dispose()
            observed.dispose()
            #expect(subject.hasObservers, "the map's share ended while a subscriber remained")
            alsoMapped.dispose()
            #expect(!subject.hasObservers)
        }
    }

    /// A stage made by a Driver operator and what its subscriber captured are released once the
    /// subscription is disposed and nothing else holds them, after its first connection and after a later
    /// one alike.
    @Test func disposingReleasesTheStageItsConnectionsAndTheSubscriber() {
        final class Captured {}
        weak var captured: Captured?
        weak var stage: SharedStage<Int>?
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let delta = resourceDelta {
            SharingScheduler.mock(scheduler: scheduler) {
                do {
                    let mappedDriver = subject.asDriver(onErrorJustReturn: -1).map { $0 * 2 }
                    stage = mappedDriver.stage
                    let closureObject = Captured()
                    captured = closureObject
                    let first = mappedDriver.drive(onNext: { [closureObject] value in
                        withExtendedLifetime(closureObject) { received.append(value) }
                    })
                    subject.onNext(1)
                    scheduler.start()
                    first.dispose()
                    let again = mappedDriver.drive(onNext: { received.append($0) })  // a later connection
                    subject.onNext(2)
                    scheduler.start()
                    #expect(stage != nil)
                    again.dispose()
                }
            }
        }
        #expect(received == [2, 4])
        #expect(stage == nil, "the stage outlived its last subscriber and its sequence")
        #expect(captured == nil, "the subscriber's closure outlived its subscription")
        #expect(!subject.hasObservers)
        #expect(delta == 0)
    }

    /// The facade `asObservable()` makes subscribes observers of every kind to the stage: an observer that
    /// is no RxKit node (a `TestableObserver`), and a closure subscription, sharing one connection.
    @Test func theObservableOfAStageSubscribesEveryObserverToTheStage() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let stage = MapSharedStage(upstream: xs.asObservable(), kind: .observable, transform: { $0 + 1 }, replaysLatest: true)
        let observer = scheduler.createObserver(Int.self)
        var closureEvents: [String] = []
        scheduler.scheduleAt(200) {
            _ = SharedStageObservable(stage).subscribe(observer)
            _ = SharedStageObservable(stage).subscribe(onNext: { closureEvents.append("\($0)") }, onCompleted: { closureEvents.append("done") })
        }
        scheduler.start()
        #expect(observer.events == [.next(210, 2), .completed(230)])
        #expect(closureEvents == ["2", "done"])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    // MARK: Fusing: a connection runs the stages below it that nothing else references

    /// The stages below `top`, nearest first (what each observes, while it is a stage).
    func stages(below top: SharedStage<Int>) -> [StageBase] {
        var found: [StageBase] = []
        var current: StageBase = top
        while current.upstreamKind == .stage, let below = current.upstream as? StageBase {
            found.append(below)
            current = below
        }
        return found
    }

    /// A chain built in one expression leaves its inner stages — the conversion's among them — referenced by
    /// the stage above only: the subscriber's connection runs them itself, so they make no connection and the
    /// source is subscribed once, by that connection; the elements are what the composition of shares gives (RxCocoa: each operator's
    /// share has one subscriber, the next operator's share, so it passes each element on once).
    @Test func aChainsInnerStagesMakeNoConnectionsOfTheirOwn() {
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PublishSubject<Int>()
            let driver = subject.asDriver(onErrorJustReturn: -1).map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 10 }
            var received: [Int] = []
            let subscription = driver.drive(onNext: { received.append($0) })
            let inner = stages(below: driver.stage!)
            #expect(inner.count == 3)
            #expect(inner.map(\.adaptsSource) == [false, false, true], "the lowest stage is not the conversion's")
            #expect(inner.allSatisfy { ($0 as! SharedStage<Int>).connection == nil }, "an inner stage made a connection")
            #expect(driver.stage!.connection != nil)
            for value in 1...4 { subject.onNext(value) }
            scheduler.start()
            #expect(received == [20, 40])
            subscription.dispose()
            #expect(!subject.hasObservers)
        }
    }

    /// RxCocoa: `shared.map(g)` and `shared.filter(h)` both subscribe to `shared`'s share, so `shared`'s closure
    /// runs once per element for both, though no `Driver` value of `shared` is kept: two stages reference
    /// it, so neither connection may run it itself.
    @Test func aStageTwoOperatorsBuildOnRunsItsClosureOncePerElement() {
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PublishSubject<Int>()
            var calls = 0
            let mapped: Driver<Int>
            let kept: Driver<Int>
            do {
                let shared = subject.asDriver(onErrorJustReturn: -1).map { x -> Int in
                    calls += 1
                    return x * 2
                }
                mapped = shared.map { $0 + 1 }
                kept = shared.filter { $0 > 2 }
            }
            var fromMapped: [Int] = []
            var fromKept: [Int] = []
            let first = mapped.drive(onNext: { fromMapped.append($0) })
            let second = kept.drive(onNext: { fromKept.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            scheduler.start()
            #expect(fromMapped == [3, 5])
            #expect(fromKept == [4])
            #expect(calls == 2, "the shared stage's closure ran once per subscriber instead of once per element")
            first.dispose()
            second.dispose()
            #expect(!subject.hasObservers)
        }
    }

    /// RxCocoa: a Driver operator's share replays its latest element (replay: 1) to a subscriber arriving
    /// while it is connected, without running its closure again. So an operator built on a stage whose
    /// connection is live subscribes to that connection, though nothing else references the stage: its live
    /// connection does. Here the stage's closure numbers its calls, so a second call would show.
    @Test func anOperatorOnAConnectedStageGetsItsLatestElementReplayed() {
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PublishSubject<Int>()
            var calls = 0
            var fromFirst: [Int] = []
            var fromLater: [Int] = []
            let first: Disposable
            let later: Driver<Int>
            do {
                let numbered = subject.asDriver(onErrorJustReturn: -1).map { x -> Int in
                    calls += 1
                    return x * 100 + calls
                }
                first = numbered.drive(onNext: { fromFirst.append($0) })
                subject.onNext(1)
                scheduler.start()
                later = numbered.map { $0 * 10 }
            }
            let second = later.drive(onNext: { fromLater.append($0) })
            #expect(fromLater == [1010], "the later operator did not get the connected stage's latest element")
            #expect(calls == 1)
            subject.onNext(2)
            scheduler.start()
            #expect(fromFirst == [101, 202])
            #expect(fromLater == [1010, 2020])
            first.dispose()
            second.dispose()
            #expect(!subject.hasObservers)
        }
    }

    /// A connection that runs the stages below it releases them with the chain: after dispose nothing of the
    /// chain is left, whether the chain was subscribed once or reconnected (RxSwift: a connection holds its
    /// share; disposing the last subscriber drops the connection).
    @Test func aFusedChainIsReleasedAfterItsLastSubscriberLeaves() {
        var weakStages: [() -> AnyObject?] = []
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let delta = resourceDelta {
            SharingScheduler.mock(scheduler: scheduler) {
                var subscription: Disposable?
                do {
                    let driver = subject.asDriver(onErrorJustReturn: -1).map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 10 }
                    for stage in [driver.stage!] + stages(below: driver.stage!) {
                        weak let object = stage
                        weakStages.append { object }
                    }
                    subscription = driver.drive(onNext: { received.append($0) })
                    subject.onNext(1)
                    scheduler.start()
                    subscription?.dispose()
                    subscription = driver.drive(onNext: { received.append($0) })  // a second connection
                }
                #expect(weakStages.allSatisfy { $0() != nil }, "a connected chain was released")
                subject.onNext(2)
                scheduler.start()
                subscription?.dispose()
                subscription = nil
            }
        }
        #expect(received == [20, 30])
        #expect(weakStages.count == 4)  // the conversion's stage and three operators'
        #expect(weakStages.allSatisfy { $0() == nil }, "a stage outlived its chain's last subscriber")
        #expect(!subject.hasObservers)
        #expect(delta == 0)
    }

    /// RxSwift's `map` docs: an error thrown by the transform terminates the sequence. Thrown by an inner
    /// stage that the connection runs, it reaches every subscriber of the chain as it would through the
    /// shares (`xs.map(f).share().map(g).share()`); the next subscriber starts again from scratch.
    @Test func anErrorThrownByAnInnerStageEndsTheChainAsThroughShares() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(310, 4)])
        let transform: (Int) throws -> Int = { x in
            if x == 2 { throw testError }
            return x * 10
        }
        let fused = SharedStageObservable(MapSharedStage(
            upstream: MapSharedStage(upstream: xs.asObservable(), kind: .observable, transform: transform, replaysLatest: true),
            kind: .stage, transform: { (x: Int) in x + 1 }, replaysLatest: true))
        let reference = xs.map(transform).share(replay: 1, scope: .whileConnected).map { $0 + 1 }
            .share(replay: 1, scope: .whileConnected)
        let observers = [fused, reference].map { shared in
            [record(shared, on: scheduler, from: 200), record(shared, on: scheduler, from: 215),
             record(shared, on: scheduler, from: 300)]
        }
        scheduler.start()
        let results = observers.map { $0.map(\.events) }
        #expect(results[0] == results[1])
        #expect(results[0] == [[.next(210, 11), .error(220, testError)], [.next(215, 11), .error(220, testError)],
                               [.next(310, 41)]])
    }

    /// Counts the `Token`s alive.
    final class Tracker {
        var live = 0
    }

    final class Token {
        let value: Int
        let tracker: Tracker

        init(_ value: Int, _ tracker: Tracker) {
            self.value = value
            self.tracker = tracker
            tracker.live += 1
        }

        deinit { tracker.live -= 1 }
    }

    /// Elements that hold references, made by the stages a connection runs, are released once each: when
    /// the next stage has taken them, when a filter drops them, when a closure throws, and, for the latest
    /// one the share keeps to replay, when the connection stops.
    @Test func elementsMadeInsideAChainAreReleasedOnce() {
        let tracker = Tracker()
        SharingScheduler.mock(scheduler: scheduler) {
            let subject = PublishSubject<Int>()
            let driver = subject.asDriver(onErrorJustReturn: -1)
                .map { Token($0, tracker) }
                .filter { $0.value % 2 == 0 }
                .map { "\($0.value)" }
                .map { Token(Int($0)! * 10, tracker) }
            var received: [Int] = []
            let subscription = driver.drive(onNext: { received.append($0.value) })
            for value in 1...5 { subject.onNext(value) }
            scheduler.start()
            #expect(received == [20, 40])
            #expect(tracker.live == 1, "only the latest element, kept for replay, should be alive")
            subscription.dispose()
        }
        #expect(tracker.live == 0)

        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3)])
        let made = MapSharedStage(upstream: xs.asObservable(), kind: .observable, transform: { Token($0, tracker) }, replaysLatest: true)
        let checked = MapSharedStage(upstream: made, kind: .stage, transform: { (token: Token) throws -> Token in
            if token.value == 2 { throw testError }
            return token
        }, replaysLatest: true)
        var events: [String] = []
        scheduler.scheduleAt(200) {
            _ = SharedStageObservable(checked).subscribe(onNext: { events.append("\($0.value)") }, onError: { events.append("\($0)") })
        }
        scheduler.start()
        #expect(events == ["1", "\(testError)"])
        #expect(tracker.live == 0, "a made element outlived the error or the stopped connection")
    }
}
