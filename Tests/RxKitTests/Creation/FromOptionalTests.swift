import RxKit
import RxKitTest
import Testing

@Suite struct FromOptionalTests {
    @Test func someSendsTheValueAndCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(optional: 5 as Int?) }
        #expect(res.events == [.next(200, 5), .completed(200)])
    }

    @Test func noneCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(optional: nil as Int?) }
        #expect(res.events == [.completed(200)])
    }

    // RxSwift's ObservableOptionalScheduledSink: value in one action, completion in the next.
    @Test func someOnASchedulerSendsValueThenCompletionInSeparateActions() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(optional: 5 as Int?, scheduler: scheduler) }
        #expect(res.events == [.next(201, 5), .completed(202)])
    }

    @Test func noneOnASchedulerCompletesInTheFirstAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(optional: nil as Int?, scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
    }

    @Test func onASchedulerDisposalBeforeCompletionStopsDelivery() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.from(optional: 5 as Int?, scheduler: scheduler) }
        #expect(res.events == [.next(201, 5)])
    }

    @available(*, deprecated)
    @Test func deprecatedUnlabelledFormsBehaveLikeTheLabelledOnes() {
        let scheduler = TestScheduler(initialClock: 0)
        #expect(scheduler.start { Observable.from(5 as Int?) }.events == [.next(200, 5), .completed(200)])
        let scheduler2 = TestScheduler(initialClock: 0)
        #expect(scheduler2.start { Observable.from(nil as Int?, scheduler: scheduler2) }.events == [.completed(201)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start { Observable.from(optional: 1 as Int?) }
            _ = scheduler.start { Observable.from(optional: nil as Int?) }
            _ = scheduler.start { Observable.from(optional: 1 as Int?, scheduler: scheduler) }
            _ = scheduler.start(disposed: 201) { Observable.from(optional: 1 as Int?, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
