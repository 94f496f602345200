import CombineKit
import CombineKitTest
import Testing

@Suite struct DebounceTests {
    // Apple: "Publishes elements only after a specified time interval elapses between events."
    @Test func publishesAfterQuietPeriod() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<String, Never>.hot(scheduler, [.value(10, "a"), .value(12, "b"), .value(30, "c"), .finished(50)])
        let subscriber = TestSubscriber<String, Never>(scheduler: scheduler)
        upstream.debounce(for: .seconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(17, "b"), .value(35, "c"), .finished(50)])
    }

    // Apple's behaviour per OpenCombine DebounceTests.testFinishBeforeDue/testFailBeforeDue (run against Combine): a completion during the quiet period drops the pending element.
    @Test func pendingValueIsDroppedOnCompletionAndFailureForwarded() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .failure(12, .oops)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        upstream.debounce(for: .seconds(5), scheduler: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .failure(12, .oops)])
    }

    @Test func limitedDemandDropsDueValuesAndCancelStops() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(20, 2), .value(30, 3)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.debounce(for: .seconds(2), scheduler: scheduler).subscribe(subscriber)
        scheduler.advance(to: 25)
        subscriber.cancel()
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(12, 1), .cancellation(25)])
        #expect(subscriber.demandViolations == 0)
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
    }

    // Combine (OpenCombine DebounceTests.testBasicBehavior, run against Combine): each element arms a repeating
    // timer (now, minimumTolerance, schedule(after: now + dueTime, interval: dueTime, …)) and cancels the one
    // before; the completion cancels the timer and is delivered through schedule(options: nil).
    @Test func schedulerCallsAreCombines() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.debounce(for: .seconds(13), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        #expect(scheduler.calls == [])
        _ = upstream.send(1)
        scheduler.advance(to: 4)
        _ = upstream.send(2)
        #expect(scheduler.calls == [.now, .minimumTolerance, .scheduleRepeating(13, interval: 13),
                                    .now, .minimumTolerance, .scheduleRepeating(17, interval: 13)])
        #expect(scheduler.cancelledRepeats == 1)
        scheduler.advance(to: 17)
        #expect(subscriber.values == [2])
        #expect(scheduler.cancelledRepeats == 2)
        upstream.send(completion: .finished)
        #expect(scheduler.calls.last == .schedule)
        scheduler.advance(to: 18)
        #expect(subscriber.completions == [.finished])
    }

    // Combine (OpenCombine DebounceTests.testBadScheduler): with a scheduler whose cancellables do nothing, a
    // timer that fires again after its element was published publishes nothing more.
    @Test func repeatedFiringPublishesOnce() {
        let scheduler = CallRecordingScheduler()
        scheduler.cancelIsNoOp = true
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.debounce(for: .seconds(3), scheduler: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        _ = upstream.send(1)
        scheduler.advance(to: 1)
        _ = upstream.send(2)
        scheduler.advance(to: 30)
        #expect(subscriber.values == [2])
        subscriber.subscription?.cancel()
    }

    // Combine (OpenCombine DebounceTests.testDemand): an element that falls due without demand is dropped, not
    // published when demand comes later.
    @Test func elementDueWithoutDemandIsDropped() {
        let scheduler = CallRecordingScheduler()
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.debounce(for: .seconds(3), scheduler: scheduler).subscribe(subscriber)
        _ = upstream.send(1)
        scheduler.advance(to: 10)
        subscriber.subscription?.request(.max(1))
        scheduler.advance(to: 20)
        #expect(subscriber.values == [])
        _ = upstream.send(2)
        scheduler.advance(to: 30)
        #expect(subscriber.values == [2])
    }
}
