import RxKit
@testable import RxKitTest
import XCTest

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
