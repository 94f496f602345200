import RxKit
import RxKitTest
import Testing

/// `just` (Just.swift) and `just(_:scheduler:)` (JustScheduled.swift).
@Suite struct JustTests {
    @Test func justSendsItsElementAndCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42) }
        #expect(res.events == [.next(200, 42), .completed(200)])
    }

    @Test func justRepeatsForEachSubscription() {
        let source = Observable.just("a")
        var received: [String] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == ["a", "a"])
    }

    // RxSwift's JustScheduledSink sends the element in one scheduled action and completion in the next.
    @Test func justOnASchedulerSendsElementThenCompletionInSeparateActions() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.just(42, scheduler: scheduler) }
        #expect(res.events == [.next(201, 42), .completed(202)])
    }

    @Test func justOnASchedulerDisposedBeforeCompletionSendsOnlyTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 202) { Observable.just(42, scheduler: scheduler) }
        #expect(res.events == [.next(201, 42)])
    }

    @Test func justOnASchedulerDisposedBeforeTheFirstActionSendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 201) { Observable.just(42, scheduler: scheduler) }
        #expect(res.events == [])
    }

    @Test func justOnTheCurrentThreadSchedulerRunsSynchronously() {
        var events: [Event<Int>] = []
        _ = Observable.just(7, scheduler: CurrentThreadScheduler.instance).subscribe { events.append($0) }
        #expect(events == [.next(7), .completed])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start { Observable.just(1) }
            _ = scheduler.start { Observable.just(1, scheduler: scheduler) }
            _ = scheduler.start(disposed: 201) { Observable.just(1, scheduler: scheduler) }
            _ = scheduler.start { Observable<Int>.empty() }
            _ = scheduler.start { Observable<Int>.never() }
            _ = scheduler.start { Observable<Int>.error(testError) }
        }
        #expect(delta == 0)
    }
}
