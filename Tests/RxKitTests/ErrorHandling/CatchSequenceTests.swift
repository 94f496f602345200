import RxKit
import RxKitTest
import Testing

@Suite struct CatchSequenceTests {
    @Test func movesToTheNextSequenceOnEachErrorUntilOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, otherError)])
        let xs3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let xs4 = scheduler.createColdObservable([.next(10, 4), .completed(20)])
        let res = scheduler.start {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable(), xs4.asObservable()])
        }
        #expect(res.events == [.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 240)])
        #expect(xs3.subscriptions == [Subscription(240, 260)])
        #expect(xs4.subscriptions == [])
    }

    @Test func failsWithTheLastErrorWhenEverySequenceFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, otherError)])
        let res = scheduler.start { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }
        #expect(res.events == [.next(210, 1), .next(230, 2), .error(240, otherError)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 240)])
    }

    @Test func emptySequenceCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.catch(sequence: [Observable<Int>]()) }
        #expect(res.events == [.completed(200)])
    }

    @Test func disposalUnsubscribesTheCurrentSequenceAndStartsNoOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .error(20, otherError)])
        let xs3 = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start(disposed: 235) {
            Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable(), xs3.asObservable()])
        }
        #expect(res.events == [.next(210, 1), .next(230, 2)])
        #expect(xs1.subscriptions == [Subscription(200, 220)])
        #expect(xs2.subscriptions == [Subscription(220, 235)])
        #expect(xs3.subscriptions == [])
    }

    @Test func deprecatedStaticCatchErrorIsCatchSequence() {
        #expect((CatchDeprecatedCalls() as any CatchDeprecatedAliases).runDeprecatedAlias() == [.next(210, 1), .next(230, 2), .completed(240)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let xs2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            _ = scheduler.start { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }
            _ = scheduler.start { Observable.catch(sequence: [xs1.asObservable(), xs1.asObservable()]) }
            _ = scheduler.start(disposed: 225) { Observable.catch(sequence: [xs1.asObservable(), xs2.asObservable()]) }
        }
        #expect(delta == 0)
    }
}
