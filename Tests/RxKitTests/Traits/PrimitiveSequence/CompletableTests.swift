import RxKit
import RxKitTest
import Testing

@Suite struct CompletableTests {
    @Test func createAndSubscribe() {
        var log: [String] = []
        _ = Completable.create { observer in
            observer(.completed)
            observer(.error(testError))
            return Disposables.create { log.append("disposed") }
        }.subscribe(onCompleted: { log.append("completed") }, onError: { _ in log.append("error") })
        #expect(log == ["completed", "disposed"])
    }

    // RxSwift: elements are dropped with `ignoreElements()` before `asCompletable()`; the error passes.
    @Test func asCompletableIgnoresElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.ignoreElements().asCompletable().asObservable() }
        #expect(res.events == [.error(250, testError)])
    }

    @Test func completableEventCallback() {
        var events: [String] = []
        _ = Completable.empty().subscribe { event in
            switch event {
            case .completed: events.append("completed")
            case .error: events.append("error")
            }
        }
        _ = Completable.error(testError).subscribe { event in
            if case .error = event { events.append("error") }
        }
        #expect(events == ["completed", "error"])
    }

    // RxSwift: `asCompletable()` is declared on sequences of `Never`: a recorded completion converts with its
    // element type inferred, and the completion and its time pass unchanged.
    @Test func asCompletableOfASequenceOfNeverKeepsItsCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { scheduler.createColdObservable([.completed(20)]).asCompletable().asObservable() }
        #expect(res.events == [.completed(220)])
    }

    // RxSwift: a `Single` as a `Completable` drops its element and keeps the completion.
    @Test func singleAsCompletableDropsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Single.just(1).asCompletable().asObservable() }
        #expect(res.events == [.completed(200)])
    }
}
