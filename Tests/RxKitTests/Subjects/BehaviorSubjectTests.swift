import RxKit
import RxKitTest
import Testing

@Suite struct BehaviorSubjectTests {
    @Test func newSubscriberGetsCurrentValueThenUpdates() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = BehaviorSubject(value: 0)
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(210) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(200, 1), .next(210, 2), .completed(300)])
    }

    @Test func valueThrowsAfterErrorAndAfterDispose() throws {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        #expect(try subject.value() == 2)
        subject.onCompleted()
        #expect(try subject.value() == 2)  // RxSwift keeps the last value after completion

        let failing = BehaviorSubject(value: 1)
        failing.onError(testError)
        #expect(throws: TestError.self) { try failing.value() }

        let disposed = BehaviorSubject(value: 1)
        disposed.dispose()
        #expect(throws: RxError.self) { try disposed.value() }
    }

    @Test func subscriberAfterTerminationGetsOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = BehaviorSubject(value: 1)
        subject.onCompleted()
        let observer = scheduler.createObserver(Int.self)
        _ = subject.subscribe(observer)
        #expect(observer.events == [.completed(0)])
    }

    @Test func subscribingFromInsideDeliveryReceivesTheNewValue() {
        let subject = BehaviorSubject(value: 0)
        var inner: [Int] = []
        var innerSubscription: Disposable?
        _ = subject.subscribe(onNext: { value in
            if value == 1, innerSubscription == nil {
                innerSubscription = subject.subscribe(onNext: { inner.append($0) })
            }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(inner == [1, 2])
        innerSubscription?.dispose()
    }
}
