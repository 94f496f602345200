import RxKit
import RxKitTest
import Testing

@Suite struct GenerateTests {
    @Test func sendsStatesWhileTheConditionHoldsOnePerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { $0 <= 3 }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .next(204, 3), .completed(205)])
    }

    @Test func onTheDefaultSchedulerRunsAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 1, condition: { $0 < 10 }) { $0 * 3 }
        }
        #expect(res.events == [.next(200, 1), .next(200, 3), .next(200, 9), .completed(200)])
    }

    @Test func falseInitialConditionCompletesWithoutElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 5, condition: { $0 < 0 }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(res.events == [.completed(201)])
    }

    @Test func throwingConditionFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { state in
                if state == 2 { throw testError }
                return true
            }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(res.events == [.next(201, 0), .next(202, 1), .error(203, testError)])
    }

    @Test func throwingIterateFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { state in
                if state == 1 { throw testError }
                return state + 1
            }
        }
        #expect(res.events == [.next(201, 0), .next(202, 1), .error(203, testError)])
    }

    @Test func disposalStopsAnEndlessGeneration() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 204) {
            Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 + 1 }
        }
        #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start { Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: scheduler) { $0 + 1 } }
            _ = scheduler.start { Observable.generate(initialState: 0, condition: { _ in throw testError }) { $0 } }
            _ = scheduler.start(disposed: 203) { Observable.generate(initialState: 0, condition: { _ in true }, scheduler: scheduler) { $0 } }
        }
        #expect(delta == 0)
    }
}
