// `@testable`: the nodes are internal; a Driver's or Signal's operators make them, and these tests build
// them directly too, to reach their connections.
import Foundation
@testable import RxKit
import RxKitTest
import Testing

/// `ShareNode`, the share a Driver's or Signal's `map`/`filter`/`asDriver(onErrorJustReturn:)` makes,
/// which is its own first connection and makes later ones as nodes of its kind. It must behave as RxCocoa's
/// `share(replay: 1 (Driver) or 0 (Signal), scope: .whileConnected)` of the operator: one source
/// subscription while anyone is subscribed, the latest element replayed to a late subscriber (replay 1),
/// and, once everyone left or the source ended, a fresh subscription for the next subscriber with nothing
/// replayed from the old one. (A connection torn down on one thread while another subscribes:
/// `ShareWhileConnectedReconnectionTests`, which runs its scripts on a node too.)
@Suite struct ShareNodeTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A map node over `source` (`x * 10`), as an `Observable` (`ShareNodeObservable`, what `asObservable()`
    /// gives for a node).
    func mapped(_ source: Observable<Int>, replay: Int) -> Observable<Int> {
        ShareNodeObservable(MapShareNode(upstreamNode: nil, upstream: source, transform: { $0 * 10 }, replaysLatest: replay == 1))
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
    // subscriber subscribes again and is replayed nothing from the old connection. Three connections: the
    // node's own, then two later ones.
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
    @Test func aNodeOverANodeSubscribesToItDirectlyAndOnce() {
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

    /// A node made by a Driver operator (`shares`: the sequence's node or observable, weakly referenced)
    /// and what its subscriber captured are released once the subscription is disposed and nothing else
    /// holds them, after its own connection and after a later one alike.
    @Test func disposingReleasesTheNodeItsLaterConnectionsAndTheSubscriber() {
        final class Captured {}
        weak var captured: Captured?
        weak var node: ShareNode<Int>?
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let delta = resourceDelta {
            SharingScheduler.mock(scheduler: scheduler) {
                do {
                    let mappedDriver = subject.asDriver(onErrorJustReturn: -1).map { $0 * 2 }
                    node = mappedDriver.node
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
                    #expect(node != nil)
                    again.dispose()
                }
            }
        }
        #expect(received == [2, 4])
        #expect(node == nil, "the node outlived its last subscriber and its sequence")
        #expect(captured == nil, "the subscriber's closure outlived its subscription")
        #expect(!subject.hasObservers)
        #expect(delta == 0)
    }

    /// The facade `asObservable()` makes subscribes observers of every kind to the node: an observer that
    /// is no RxKit node (a `TestableObserver`), and a closure subscription, sharing one connection.
    @Test func theObservableOfANodeSubscribesEveryObserverToTheNode() {
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let node = MapShareNode(upstreamNode: nil, upstream: xs.asObservable(), transform: { $0 + 1 }, replaysLatest: true)
        let observer = scheduler.createObserver(Int.self)
        var closureEvents: [String] = []
        scheduler.scheduleAt(200) {
            _ = ShareNodeObservable(node).subscribe(observer)
            _ = ShareNodeObservable(node).subscribe(onNext: { closureEvents.append("\($0)") }, onCompleted: { closureEvents.append("done") })
        }
        scheduler.start()
        #expect(observer.events == [.next(210, 2), .completed(230)])
        #expect(closureEvents == ["2", "done"])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }
}
