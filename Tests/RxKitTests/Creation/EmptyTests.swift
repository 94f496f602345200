import RxKit
import RxKitTest
import Testing

/// `empty()`.
@Suite struct EmptyTests {
    @Test func emptyCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.empty() }
        #expect(res.events == [.completed(200)])
    }
}
