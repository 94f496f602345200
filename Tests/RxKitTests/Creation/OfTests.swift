import RxKit
import RxKitTest
import Testing

/// `of(_:scheduler:)`.
@Suite struct OfTests {
    @Test func ofOnTheDefaultSchedulerSendsEverythingAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(3, 1, 2) }
        #expect(res.events == [.next(200, 3), .next(200, 1), .next(200, 2), .completed(200)])
    }

    // RxSwift's ObservableSequence sends one element per recursive action, then completion in the next.
    @Test func ofOnASchedulerSendsOneElementPerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(3, 1, 2, scheduler: scheduler) }
        #expect(res.events == [.next(201, 3), .next(202, 1), .next(203, 2), .completed(204)])
    }

    @Test func ofWithNoElementsCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.of(scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
    }
}
