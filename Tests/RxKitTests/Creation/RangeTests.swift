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
