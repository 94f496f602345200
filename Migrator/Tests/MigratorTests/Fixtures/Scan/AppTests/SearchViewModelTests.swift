import RxBlocking
import RxSwift
import RxTest
import XCTest

final class SearchViewModelTests: XCTestCase {
    func testQueriesAreTrimmed() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let input = scheduler.createHotObservable([.next(210, " a "), .next(220, "b"), .completed(300)])
        let observer = scheduler.createObserver(String.self)
        _ = input.map { $0.trimmingCharacters(in: .whitespaces) }.subscribe(observer)
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, "a"), .next(220, "b"), .completed(300)])
    }

    func testFirstSuggestion() throws {
        let first = try Observable.of("swift", "rx").toBlocking().first()
        XCTAssertEqual(first, "swift")
    }
}
