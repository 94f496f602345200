import RxKit
import RxKitTest
import Testing

@Suite struct RepeatElementTests {
    @Test func onASchedulerRepeatsOncePerActionUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 205) { Observable.repeatElement(42, scheduler: scheduler) }
        #expect(res.events == [.next(201, 42), .next(202, 42), .next(203, 42), .next(204, 42)])
    }

    @Test func onTheTrampolineCanBeDisposedFromInsideOnNext() {
        var received = 0
        let subscription = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.repeatElement("x").subscribe(onNext: { _ in
                received += 1
                if received == 1_000 { subscription.dispose() }
            }))
            return Disposables.create()
        }
        #expect(received == 1_000)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start(disposed: 203) { Observable.repeatElement(1, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
