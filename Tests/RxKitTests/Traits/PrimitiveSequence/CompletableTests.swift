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

    @Test func asCompletableIgnoresElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.asCompletable().asObservable() }
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
}
