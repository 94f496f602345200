import RxKit
import RxKitTest
import XCTest

/// `TestScheduler.start` takes any `ObservableConvertibleType`, as RxTest's does: traits, testable
/// observables and relays go in without `.asObservable()`. RxTest compatibility is the point, so these
/// tests use XCTest and RxTest's spelling.
final class TestSchedulerStartTests: XCTestCase {
    // MARK: start(_:)

    func testStartAcceptsObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 10), .completed(220)])
    }

    func testStartAcceptsTestableObservable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let res = scheduler.start { xs }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testStartAcceptsSingle() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.asSingle() }
        XCTAssertEqual(res.events, [.next(220, 1), .completed(220)])
    }

    func testStartAcceptsMaybe() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(220, Int.self)])
        let res = scheduler.start { xs.asMaybe() }
        XCTAssertEqual(res.events, [.completed(220)])
    }

    func testStartAcceptsCompletable() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.ignoreElements().asCompletable() }
        XCTAssertEqual(res.events, [.completed(230, Never.self)])
    }

    func testStartAcceptsInfallible() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, -1), .completed(220)])
    }

    func testStartAcceptsDriverAndSignal() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let driven = scheduler.start { xs.asDriver(onErrorJustReturn: -1) }
            XCTAssertEqual(driven.events.map(\.value), [.next(1), .next(-1), .completed])
        }
        let other = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let ys = other.createHotObservable([.next(210, 2), .completed(220)])
        SharingScheduler.mock(scheduler: other) {
            let signalled = other.start { ys.asSignal(onErrorJustReturn: -1) }
            XCTAssertEqual(signalled.events.map(\.value), [.next(2), .completed])
        }
    }

    func testStartAcceptsRelays() {
        let scheduler = TestScheduler(initialClock: 0)
        let behavior = BehaviorRelay(value: 1)
        scheduler.scheduleAt(300) { behavior.accept(2) }
        let res = scheduler.start { behavior }
        XCTAssertEqual(res.events, [.next(200, 1), .next(300, 2)])

        let publishScheduler = TestScheduler(initialClock: 0)
        let publish = PublishRelay<Int>()
        publishScheduler.scheduleAt(300) { publish.accept(3) }
        let published = publishScheduler.start { publish }
        XCTAssertEqual(published.events, [.next(300, 3)])

        let replayScheduler = TestScheduler(initialClock: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        replay.accept(4)
        let replayed = replayScheduler.start { replay }
        XCTAssertEqual(replayed.events, [.next(200, 4)])
    }

    // MARK: start(disposed:create:)

    func testStartDisposedAcceptsEachTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(270)])
        XCTAssertEqual(scheduler.start(disposed: 250) { xs }.events, [.next(210, 1)])

        let singleScheduler = TestScheduler(initialClock: 0)
        let single = singleScheduler.createHotObservable([.next(210, 1), .completed(260)])
        XCTAssertEqual(singleScheduler.start(disposed: 250) { single.asSingle() }.events, [])

        let maybeScheduler = TestScheduler(initialClock: 0)
        let maybe = maybeScheduler.createHotObservable([.next(210, 1), .completed(220)])
        XCTAssertEqual(maybeScheduler.start(disposed: 250) { maybe.asMaybe() }.events, [.next(220, 1), .completed(220)])

        let completableScheduler = TestScheduler(initialClock: 0)
        let completable = completableScheduler.createHotObservable([.completed(240, Never.self)])
        XCTAssertEqual(completableScheduler.start(disposed: 250) { completable.asCompletable() }.events,
                       [.completed(240, Never.self)])

        let infallibleScheduler = TestScheduler(initialClock: 0)
        let infallible = infallibleScheduler.createHotObservable([.next(210, 5), .next(260, 6)])
        XCTAssertEqual(infallibleScheduler.start(disposed: 250) { infallible.asInfallible(onErrorJustReturn: 0) }.events,
                       [.next(210, 5)])

        let relayScheduler = TestScheduler(initialClock: 0)
        let relay = BehaviorRelay(value: 7)
        relayScheduler.scheduleAt(260) { relay.accept(8) }
        XCTAssertEqual(relayScheduler.start(disposed: 250) { relay }.events, [.next(200, 7)])
    }

    // MARK: start(created:subscribed:disposed:create:)

    func testStartCreatedSubscribedDisposedAcceptsEachTrait() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        XCTAssertEqual(scheduler.start(created: 50, subscribed: 60, disposed: 500) { xs }.events,
                       [.next(70, 1), .completed(80)])

        let singleScheduler = TestScheduler(initialClock: 0)
        let single = singleScheduler.createColdObservable([.next(10, 1), .completed(20)])
        XCTAssertEqual(singleScheduler.start(created: 50, subscribed: 60, disposed: 500) { single.asSingle() }.events,
                       [.next(80, 1), .completed(80)])

        let maybeScheduler = TestScheduler(initialClock: 0)
        let maybe = maybeScheduler.createColdObservable([.completed(20, Int.self)])
        XCTAssertEqual(maybeScheduler.start(created: 50, subscribed: 60, disposed: 500) { maybe.asMaybe() }.events,
                       [.completed(80)])

        let completableScheduler = TestScheduler(initialClock: 0)
        let completable = completableScheduler.createColdObservable([.completed(20, Never.self)])
        XCTAssertEqual(
            completableScheduler.start(created: 50, subscribed: 60, disposed: 500) { completable.asCompletable() }.events,
            [.completed(80, Never.self)])

        let infallibleScheduler = TestScheduler(initialClock: 0)
        let infallible = infallibleScheduler.createColdObservable([.next(10, 3), .completed(20)])
        XCTAssertEqual(
            infallibleScheduler.start(created: 50, subscribed: 60, disposed: 500) { infallible.asInfallible(onErrorJustReturn: 0) }.events,
            [.next(70, 3), .completed(80)])

        let relayScheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        relayScheduler.scheduleAt(100) { relay.accept(9) }
        relayScheduler.scheduleAt(600) { relay.accept(10) }
        XCTAssertEqual(relayScheduler.start(created: 50, subscribed: 60, disposed: 500) { relay }.events, [.next(100, 9)])
    }

    func testStartCreatedSubscribedDisposedAcceptsDriverAndSignal() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        SharingScheduler.mock(scheduler: scheduler) {
            let driven = scheduler.start(created: 50, subscribed: 60, disposed: 500) { xs.asDriver(onErrorJustReturn: 0) }
            XCTAssertEqual(driven.events.map(\.value), [.next(1), .completed])
        }
        let other = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let ys = other.createColdObservable([.next(10, 2), .completed(20)])
        SharingScheduler.mock(scheduler: other) {
            let signalled = other.start(disposed: 1000) { ys.asSignal(onErrorJustReturn: 0) }
            XCTAssertEqual(signalled.events.map(\.value), [.next(2), .completed])
        }
    }
}
