import Dispatch
import RxKit
import RxKitTest
import Testing

/// Calls the deprecated alias from a deprecated context (no warning) behind a non-deprecated protocol
/// requirement, so the test can call it without a warning either.
fileprivate protocol TakeUntilDeprecatedAliases {
    func takeUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int>
}

fileprivate struct TakeUntilDeprecatedCalls: TakeUntilDeprecatedAliases {
    @available(*, deprecated)
    func takeUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int> {
        source.takeUntil(other)
    }
}

@Suite struct TakeUntilTests {
    @Test func emitsUntilOtherEmitsThenCompletesAndUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(225, "stop"), .completed(400)])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func otherCompletingWithoutElementChangesNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let other = scheduler.createHotObservable([.completed(215)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    @Test func otherErrorEndsTheSequenceWithThatError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let other = scheduler.createHotObservable([.error(225, testError)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .error(225, testError)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func sourceCompletionUnsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let other = scheduler.createHotObservable([.next(250, "late")])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(other.subscriptions == [Subscription(200, 230)])
    }

    @Test func sourceErrorUnsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let other = scheduler.createHotObservable([.next(250, "late")])
        let res = scheduler.start { xs.take(until: other) }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(other.subscriptions == [Subscription(200, 230)])
    }

    @Test func otherEmittingOnSubscribeCompletesAtOnce() {
        // RxSwift subscribes to `other` first, so a synchronous element ends the sequence before any
        // source element; the source subscription is disposed right away.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.take(until: Observable.just("now")) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions == [Subscription(200, 200)])
    }

    @Test func disposalUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let other = scheduler.createHotObservable([.next(270, "stop")])
        let res = scheduler.start(disposed: 250) { xs.take(until: other) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func deprecatedTakeUntilBehavesLikeTakeUntil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let other = scheduler.createHotObservable([.next(220, "stop")])
        let res = scheduler.start {
            (TakeUntilDeprecatedCalls() as any TakeUntilDeprecatedAliases).takeUntil(xs.asObservable(), other.asObservable())
        }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func otherEmittingOnAnotherThreadDuringDeliveryIsQueuedNotDeliveredConcurrently() {
        // While the sink delivers a source element on this thread, `other` emits on another thread. That
        // thread must return at once without calling the observer (no lock is held while delivering, so
        // it cannot block either); the completion is then delivered here, after the element.
        let source = PublishSubject<Int>()
        let other = PublishSubject<String>()
        let otherReturned = DispatchSemaphore(value: 0)
        var log: [String] = []
        var otherThreadReturnedInTime = false
        let subscription = source.take(until: other).subscribe(
            onNext: { value in
                log.append("next(\(value)) begins")
                DispatchQueue.global().async {
                    other.onNext("stop")
                    otherReturned.signal()
                }
                // A safety net against a deadlock only, not a timing assumption.
                otherThreadReturnedInTime = otherReturned.wait(timeout: .now() + 10) == .success
                log.append("next(\(value)) ends")
            },
            onCompleted: { log.append("completed") }
        )
        source.onNext(1)
        source.onNext(2)
        #expect(otherThreadReturnedInTime)
        #expect(log == ["next(1) begins", "next(1) ends", "completed"])
        subscription.dispose()
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            let stop = scheduler.createColdObservable([.next(20, "stop")])
            let never = scheduler.createColdObservable([.completed(5)] as [Recorded<Event<String>>])
            _ = scheduler.start { xs.take(until: stop) }
            _ = scheduler.start { xs.take(until: never) }
            _ = scheduler.start { xs.take(until: Observable.just("now")) }
        }
        #expect(delta == 0)
    }
}
