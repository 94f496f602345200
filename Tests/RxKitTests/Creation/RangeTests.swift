import RxKit
import RxKitTest
import Testing

@Suite struct RangeTests {
    @Test func sendsCountIntegersFromStartAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 5, count: 3) }
        #expect(res.events == [.next(200, 5), .next(200, 6), .next(200, 7), .completed(200)])
    }

    @Test func onASchedulerSendsOneIntegerPerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: -1, count: 3, scheduler: scheduler) }
        #expect(res.events == [.next(201, -1), .next(202, 0), .next(203, 1), .completed(204)])
    }

    @Test func zeroCountCompletesWithoutElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.range(start: 0, count: 0, scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
    }

    @Test func reachesTheLargestValueOfTheTypeWithoutOverflowing() {
        var received: [Int8] = []
        _ = Observable<Int8>.range(start: 125, count: 3).subscribe(onNext: { received.append($0) })
        #expect(received == [125, 126, 127])
    }

    @Test func disposalMidwayStopsSending() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) { Observable.range(start: 0, count: 100, scheduler: scheduler) }
        #expect(res.events == [.next(201, 0), .next(202, 1)])
    }

    @Test func longRangeOnTheTrampolineDoesNotGrowTheStack() {
        var last = -1
        var completed = false
        _ = Observable.range(start: 0, count: 200_000).subscribe(onNext: { last = $0 }, onCompleted: { completed = true })
        #expect(last == 199_999)
        #expect(completed)
    }

    /// RxSwift's `RangeSink` sends each integer from `scheduler.scheduleRecursive`; on the current-thread
    /// scheduler each next step is enqueued on the thread's FIFO trampoline queue behind what the observer
    /// scheduled meanwhile (RxSwift/Schedulers/CurrentThreadScheduler.swift enqueues whenever a trampoline
    /// runs). So work scheduled while handling 0 runs before 1, work it schedules runs after 1, and work the
    /// last integer schedules runs before the completion.
    @Test func workScheduledFromOnNextRunsWhereRxSwiftsTrampolineRunsIt() {
        var log: [String] = []
        func schedule(_ name: String, then next: (() -> Void)? = nil) {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append(name)
                next?()
                return Disposables.create()
            }
        }
        _ = Observable.range(start: 0, count: 3).subscribe(onNext: { value in
            log.append("\(value)")
            if value == 0 { schedule("A") { schedule("B") } }
            if value == 2 { schedule("C") }
        }, onCompleted: { log.append("completed") })
        #expect(log == ["0", "A", "1", "B", "2", "C", "completed"])

        var merged: [Int] = []
        _ = Observable.merge(Observable.range(start: 0, count: 3), Observable.range(start: 10, count: 2))
            .subscribe(onNext: { merged.append($0) })
        #expect(merged == [0, 10, 1, 11, 2])
    }

    @Test func disposalFromInsideOnNextOrQueuedWorkStopsSending() {
        var received: [Int] = []
        var completed = false
        let subscription = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.range(start: 0, count: 1_000).subscribe(onNext: { value in
                received.append(value)
                if value == 2 { subscription.dispose() }
            }, onCompleted: { completed = true }))
            return Disposables.create()
        }
        #expect(received == [0, 1, 2])

        var fromQueued: [Int] = []
        let other = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            other.setDisposable(Observable.range(start: 0, count: 1_000).subscribe(onNext: { value in
                fromQueued.append(value)
                if value == 0 {
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        other.dispose()
                        return Disposables.create()
                    }
                }
            }, onCompleted: { completed = true }))
            return Disposables.create()
        }
        #expect(fromQueued == [0])
        #expect(!completed)
    }

    @Test func eachSubscriptionStartsAgainAndTheLargestValueEndsIt() {
        let source = Observable<Int8>.range(start: 126, count: 2)
        var received: [Int8] = []
        var completions = 0
        _ = source.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        _ = source.subscribe(onNext: { received.append($0) }, onCompleted: { completions += 1 })
        #expect(received == [126, 127, 126, 127])
        #expect(completions == 2)
    }

    @Test func negativeCountIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable.range(start: 0, count: -1)
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start { Observable.range(start: 0, count: 3) }
            _ = scheduler.start { Observable.range(start: 0, count: 3, scheduler: scheduler) }
            _ = scheduler.start(disposed: 202) { Observable.range(start: 0, count: 10, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}
