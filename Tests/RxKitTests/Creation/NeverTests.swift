import RxKit
import RxKitTest
import Testing

/// `never()`.
@Suite struct NeverTests {
    @Test func neverSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.never() }
        #expect(res.events == [])
    }
}
