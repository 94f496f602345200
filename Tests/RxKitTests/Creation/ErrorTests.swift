import RxKit
import RxKitTest
import Testing

/// `error(_:)`.
@Suite struct ErrorTests {
    @Test func errorFailsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.error(testError) }
        #expect(res.events == [.error(200, testError)])
    }
}
