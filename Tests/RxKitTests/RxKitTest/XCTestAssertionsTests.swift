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
