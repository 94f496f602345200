import RxKit
import RxKitTest
import Testing

/// The deprecated aliases are called from a deprecated witness (no warning inside a deprecated context)
/// behind a non-deprecated protocol requirement, so the test calls it without a warning either.
fileprivate protocol RetryWhenDeprecatedAliases {
    func runDeprecatedAliases() -> ([Recorded<Event<Int>>], [Recorded<Event<Int>>])
}

fileprivate struct RetryWhenDeprecatedCalls: RetryWhenDeprecatedAliases {
    @available(*, deprecated)
    func runDeprecatedAliases() -> ([Recorded<Event<Int>>], [Recorded<Event<Int>>]) {
        func run(_ make: @escaping (TestableObservable<Int>, TestableObservable<Int>) -> Observable<Int>) -> [Recorded<Event<Int>>] {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let trigger = scheduler.createHotObservable([.next(221, 0), .completed(222)])
            return scheduler.start { make(xs, trigger) }.events
        }
        let untyped = run { xs, trigger in xs.retryWhen { (_: Observable<Swift.Error>) in trigger } }
        let typed = run { xs, trigger in xs.retryWhen { (_: Observable<TestError>) in trigger } }
        return (untyped, typed)
    }
}

@Suite struct RetryWhenTests {
    @Test func resubscribesWhenTheTriggerEmitsAfterAFailure() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 265) {
            xs.retry(when: { (errors: Observable<Swift.Error>) in errors.map { _ in () } })
        }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 265)])
    }

    @Test func triggerElementsOnlyCountWhileAFailureWaitsAndItsCompletionEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(205, "ignored"), .next(230, "a"), .next(260, "b"), .completed(300)])
        let res = scheduler.start {
            xs.retry(when: { (_: Observable<Swift.Error>) in trigger })
        }
        #expect(res.events == [.next(210, 1), .next(240, 1), .next(270, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(230, 250), Subscription(260, 280)])
        #expect(trigger.subscriptions == [Subscription(200, 300)])
    }

    @Test func triggerCompletedEarlierEndsTheSequenceAtTheNextFailure() {
        // RxSwift: "If the source observable errors and the notifier completes, it will complete the source sequence."
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.completed(205)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 205)])
    }

    @Test func triggerThatCompletesAtOnceCompletesTheSequenceAtTheFirstFailure() {
        // Its element arrives before any failure waits for it, so only its completion matters.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in Observable.just(0) }) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func triggerErrorWhileWaitingEndsTheSequenceWithIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.error(230, otherError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
        #expect(res.events == [.next(210, 1), .error(230, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorThrownInTheHandlersPipelineEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        var failures = 0
        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<Swift.Error>) in
                errors.map { error -> Int in
                    failures += 1
                    if failures == 3 { throw otherError }
                    return failures
                }
            })
        }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1), .error(260, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260)])
    }

    @Test func sourceCompletionEndsTheSequenceAndUnsubscribesTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])
        let res = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 220)])
    }

    @Test func typedFormRetriesMatchingErrorsAndForwardsOthersAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .error(220, testError), .next(230, 2), .error(240, RxError.timeout), .next(250, 3),
        ])
        var seen: [TestError] = []
        let res = scheduler.start {
            xs.retry(when: { (errors: Observable<TestError>) in
                errors.map { error -> Int in
                    seen.append(error)
                    return error.id
                }
            })
        }
        #expect(res.events == [.next(210, 1), .next(230, 2), .error(240, RxError.timeout)])
        #expect(seen == [testError])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240)])
    }

    @Test func handlerRunsOncePerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var handlerCalls = 0
        let retried = xs.retry(when: { (errors: Observable<Swift.Error>) -> Observable<Swift.Error> in
            handlerCalls += 1
            return errors
        })
        _ = scheduler.start { retried }
        _ = scheduler.start { retried }
        #expect(handlerCalls == 2)
    }

    @Test func disposalWhileWaitingUnsubscribesTheTrigger() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])
        let res = scheduler.start(disposed: 250) { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(trigger.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalWhileTheSourceRunsUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let trigger = scheduler.createHotObservable([.next(300, 0)])
        let res = scheduler.start(disposed: 215) { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
        #expect(trigger.subscriptions == [Subscription(200, 215)])
    }

    @Test func deprecatedRetryWhenAliasesBehaveLikeRetryWhen() {
        let (untyped, typed) = (RetryWhenDeprecatedCalls() as any RetryWhenDeprecatedAliases).runDeprecatedAliases()
        #expect(untyped == [.next(210, 1), .next(231, 1), .completed(241)])
        #expect(typed == [.next(210, 1), .next(231, 1), .completed(241)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let trigger = scheduler.createHotObservable([.next(230, 0), .completed(260)])
            _ = scheduler.start { xs.retry(when: { (_: Observable<Swift.Error>) in trigger }) }
            _ = scheduler.start(disposed: 265) { xs.retry(when: { (errors: Observable<Swift.Error>) in errors }) }
            _ = scheduler.start(disposed: 225) { xs.retry(when: { (errors: Observable<TestError>) in errors }) }
        }
        #expect(delta == 0)
    }
}
