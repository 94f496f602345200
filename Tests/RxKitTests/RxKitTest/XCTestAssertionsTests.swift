import RxKit
@testable import RxKitTest
import XCTest

/// RxTest's XCTest-style API is the point here, so these tests use XCTest.
final class XCTestAssertionsTests: XCTestCase {
    func testRecordedEventsAssertionPassesForEqualTimelines() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.map { $0 + 1 } }
        XCTAssertEqual(res.events, [.next(210, 2), .completed(220)])
        XCTAssertEqual(res.events.map(\.value), [.next(2), .completed])
        XCTAssertRecordedElements(res.events, [2])
    }

    func testRecordedEventsAssertionFailsForDifferentTimelines() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let res = scheduler.start { xs.asObservable() }
        // XCTExpectFailure does not exist on Linux; check the equality the assertion relies on instead.
        XCTAssertFalse(res.events == [.next(211, 1), .completed(220)])
        XCTAssertFalse(res.events == [.next(210, 2), .completed(220)])
    }
}

/// The trait-event overloads of RxTest's XCTAssertEqual.
final class TraitEventAssertionsTests: XCTestCase {
    func testSingleEventsCompareValuesAndErrors() {
        var events: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { events.append($0) }
        _ = Single<Int>.error(testError).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .failure(testError)])
        XCTAssertFalse(singleEventsEqual(events, [.success(1), .failure(otherError)]))
        XCTAssertFalse(singleEventsEqual(events, [.success(2), .failure(testError)]))
    }

    func testMaybeEventsCompareAllThreeCases() {
        var events: [MaybeEvent<Int>] = []
        _ = Maybe.just(1).subscribe { events.append($0) }
        _ = Maybe<Int>.empty().subscribe { events.append($0) }
        _ = Maybe<Int>.error(testError).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1), .completed, .error(testError)])
        XCTAssertFalse(maybeEventsEqual(events, [.success(1), .completed]))
    }

    func testCompletableEvents() {
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(testError).subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .error(testError)])
        XCTAssertFalse(completableEventsEqual(events, [.error(testError), .completed]))
    }
}
