import RxKit
import RxKitTest
import Testing

@Suite struct AsyncSubjectTests {
    @Test func emitsOnlyTheLastElementOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(300, 2), .completed(300)])
        let late = scheduler.createObserver(Int.self)
        _ = subject.subscribe(late)
        #expect(late.events == [.next(1000, 2), .completed(1000)])
    }

    @Test func errorDropsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(300) { subject.onError(testError) }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.error(300, testError)])
    }

    @Test func completingEmptyEmitsOnlyCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.completed(300)])
    }
}
