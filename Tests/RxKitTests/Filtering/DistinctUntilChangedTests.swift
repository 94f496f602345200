import RxKit
import RxKitTest
import Testing

@Suite struct DistinctUntilChangedTests {
    fileprivate struct Item: Equatable {
        let id: Int
        let name: String
    }

    @Test func dropsConsecutiveDuplicates() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 1), .next(220, 2), .next(230, 2), .next(240, 1), .next(250, 3), .next(260, 3), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 1), .next(250, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func firstElementIsAlwaysEmittedEvenIfEqualToOneBeforeSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 5), .next(210, 5), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 5), .completed(300)])
    }

    @Test func comparesWithTheLastEmittedElementNotTheLastReceived() {
        // "Close enough" is not transitive: 2 is close to 1 (dropped), 3 is close to 2 but not to 1, the
        // last emitted element, so 3 is emitted (RxSwift keeps the key of the last emitted element).
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 6), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { abs($0 - $1) <= 1 } }
        #expect(res.events == [.next(210, 1), .next(230, 3), .next(250, 6), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func keySelectorComparesKeys() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 4), .next(240, 6), .next(250, 7), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { $0 % 2 } }
        #expect(res.events == [.next(210, 1), .next(230, 4), .next(250, 7), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func keySelectorAndComparerCompareKeysWithTheComparer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 }) }
        #expect(res.events == [.next(210, "a"), .next(230, "b"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func keySelectorAndComparerComparesWithLastEmittedKey() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 10), .next(220, 11), .next(230, 12), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged({ $0 * 10 }, comparer: { abs($0 - $1) <= 10 }) }
        #expect(res.events == [.next(210, 10), .next(230, 12), .completed(300)])
    }

    @Test func keyPathComparesTheProperty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Item(id: 1, name: "a")), .next(220, Item(id: 2, name: "a")), .next(230, Item(id: 3, name: "b")), .completed(300),
        ])
        let res = scheduler.start { xs.distinctUntilChanged(at: \.name) }
        #expect(res.events == [.next(210, Item(id: 1, name: "a")), .next(230, Item(id: 3, name: "b")), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 1), .error(250, testError)])
        let res = scheduler.start { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func keySelectorErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { value -> Int in if value == 2 { throw testError }; return value } }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func comparerErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged { (_: Int, _: Int) throws -> Bool in throw testError } }
        // The comparer is first called for the second element (the first has nothing to compare with).
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func keySelectorWithComparerErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.distinctUntilChanged({ $0 }, comparer: { _, _ in throw otherError }) }
        #expect(res.events == [.next(210, 1), .error(220, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.distinctUntilChanged() }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 1), .next(20, 2), .completed(30)])
            _ = scheduler.start { xs.distinctUntilChanged() }
            _ = scheduler.start { xs.distinctUntilChanged { $0 } }
            _ = scheduler.start { xs.distinctUntilChanged { $0 == $1 } }
            _ = scheduler.start { xs.distinctUntilChanged({ $0 }, comparer: { _, _ in throw testError }) }
            _ = scheduler.start { xs.distinctUntilChanged(at: \.self) }
        }
        #expect(delta == 0)
    }

    // The last emitted key is kept in place between elements: replaced (the older one released) when a
    // different key is emitted, and released with the subscription.
    @Test func lastKeyIsReleasedWhenReplacedAndWhenTheSubscriptionIsDisposed() {
        final class Key {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let subject = PublishSubject<Int>()
        var keys: [Int: Key] = [:]
        weak var first: Key?
        weak var last: Key?
        var received: [Int] = []
        let subscription = subject
            .distinctUntilChanged({ value -> Key in
                let key = Key(value)
                keys[value] = key
                return key
            }, comparer: { $0.value == $1.value })
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        first = keys[1]
        subject.onNext(2)
        last = keys[2]
        keys = [:]
        #expect(received == [1, 2])
        #expect(first == nil)  // replaced by 2's key
        #expect(last != nil)
        subscription.dispose()
        #expect(last == nil)
    }
}
