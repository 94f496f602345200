import RxKit
import RxKitTest
import Testing

/// `withUnretained(_:)` and `withUnretained(_:resultSelector:)`.
@Suite struct WithUnretainedTests {
    fileprivate final class Owner {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func passesTheObjectWithEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name)\($0.1)" } }
        #expect(res.events == [.next(210, "o1"), .next(220, "o2"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func resultSelectorCombinesTheObjectAndElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.withUnretained(owner) { object, value in "\(object.name)-\(value)" } }
        #expect(res.events == [.next(210, "o-1"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // RxSwift maps with `[weak obj]` and turns the failed retain into `.empty()`: completion at the
    // first element after the release, not at the release itself.
    @Test func completesAtTheNextElementAfterTheObjectIsReleased() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(240, 3), .completed(300)])
        scheduler.scheduleAt(220) { owner = nil }
        let res = scheduler.start { xs.withUnretained(owner!) { object, value in "\(object.name)\(value)" } }
        #expect(owner == nil)
        #expect(res.events == [.next(210, "o1"), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func doesNotRetainTheObject() {
        weak var released: Owner?
        var source: Observable<(Owner, Int)>?
        do {
            let owner = Owner("o")
            released = owner
            source = Observable<Int>.never().withUnretained(owner)
        }
        #expect(released == nil)
        #expect(source != nil)
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.withUnretained(owner).map { $0.1 } }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner("o")
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.withUnretained(owner) { _, value in value } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let owner = Owner("o")
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.withUnretained(owner).map { $0.1 } }
            _ = scheduler.start(disposed: 205) { xs.withUnretained(owner) { _, value in value } }
        }
        #expect(delta == 0)
    }
}
