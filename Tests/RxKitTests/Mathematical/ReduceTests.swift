import RxKit
import RxKitTest
import Testing

/// `reduce(_:accumulator:)`, `reduce(_:accumulator:mapResult:)` and their `into:` forms.
@Suite struct ReduceTests {
    @Test func sendsTheFinalValueOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300)])
        let res = scheduler.start { xs.reduce(10) { $0 + $1 } }
        #expect(res.events == [.next(300, 19), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func emptySourceSendsTheSeed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.reduce(42) { $0 + $1 } }
        #expect(res.events == [.next(250, 42), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func mapResultTransformsTheFinalValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(300)])
        let res = scheduler.start { xs.reduce(1, accumulator: { $0 * $1 }, mapResult: { "product \($0)" }) }
        #expect(res.events == [.next(300, "product 6"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func intoMutatesTheAccumulatedValueInPlace() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "b"), .next(230, "a"), .completed(300)])
        let res = scheduler.start { xs.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)\($0.value)" } } }
        #expect(res.events == [.next(300, ["a2", "b1"]), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func intoWithMapResultTransformsTheFinalValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.reduce(into: [Int](), accumulator: { $0.append($1) }, mapResult: { $0.count }) }
        #expect(res.events == [.next(300, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func forwardsUpstreamErrorWithoutAResult() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { xs.reduce(0) { $0 + $1 } }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func thrownAccumulatorErrorEndsTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.reduce(into: 0) { _, value in if value == 2 { throw testError } } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func thrownMapResultErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.reduce(0, accumulator: { $0 + $1 }, mapResult: { _ -> Int in throw testError }) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func disposalBeforeCompletionSendsNothingAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.reduce(0) { $0 + $1 } }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.reduce(0) { $0 + $1 } }
            _ = scheduler.start { xs.reduce(into: 0, accumulator: { $0 += $1 }, mapResult: { _ -> Int in throw testError }) }
            _ = scheduler.start(disposed: 205) { xs.reduce(into: 0) { $0 += $1 } }
        }
        #expect(delta == 0)
    }
}
