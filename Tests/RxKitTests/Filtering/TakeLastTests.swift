import RxKit
import RxKitTest
import Testing

@Suite struct TakeLastTests {
    @Test func emitsTheLastElementsInOrderWhenTheSourceCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .completed(300),
        ])
        let res = scheduler.start { xs.takeLast(3) }
        #expect(res.events == [.next(300, 3), .next(300, 4), .next(300, 5), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func fewerElementsThanCountEmitsThemAll() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.takeLast(5) }
        #expect(res.events == [.next(300, 1), .next(300, 2), .completed(300)])
    }

    @Test func zeroEmitsOnlyCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.takeLast(0) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func errorDropsTheBufferedElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, testError)])
        let res = scheduler.start { xs.takeLast(2) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.takeLast(2) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func negativeCountIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.never().takeLast(-1)
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(25, 3), .completed(30)])
            _ = scheduler.start { xs.takeLast(2) }
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { ys.takeLast(2) }
        }
        #expect(delta == 0)
    }
}
