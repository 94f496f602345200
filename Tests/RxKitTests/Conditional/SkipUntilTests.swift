import RxKit
import RxKitTest
import Testing

/// Calls the deprecated alias from a deprecated context (no warning) behind a non-deprecated protocol
/// requirement, so the test can call it without a warning either.
fileprivate protocol SkipUntilDeprecatedAliases {
    func skipUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int>
}

fileprivate struct SkipUntilDeprecatedCalls: SkipUntilDeprecatedAliases {
    @available(*, deprecated)
    func skipUntil(_ source: Observable<Int>, _ other: Observable<String>) -> Observable<Int> {
        source.skipUntil(other)
    }
}

@Suite struct SkipUntilTests {
    @Test func emitsOnlyAfterOtherEmitsAndUnsubscribesOtherThen() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(300)])
        let other = scheduler.createHotObservable([.next(150, "x"), .next(225, "go"), .next(235, "again"), .completed(400)])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [.next(230, 3), .next(240, 4), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func sourceCompletingBeforeOtherEmitsEndsWithoutAnyEvent() {
        // RxSwift's testSkipUntil_SomeData_Empty: no completed event is forwarded in this case.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let other = scheduler.createHotObservable([.completed(225)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func sourceCompletionWhileOtherIsSilentUnsubscribesOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let other = scheduler.createHotObservable([.next(300, "late")])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func otherErrorEndsTheSequenceWithThatError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let other = scheduler.createHotObservable([.error(225, testError)] as [Recorded<Event<String>>])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [.error(225, testError)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(other.subscriptions == [Subscription(200, 225)])
    }

    @Test func sourceErrorIsForwardedEvenBeforeOtherEmits() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let other = scheduler.createHotObservable([.next(230, "go")])
        let res = scheduler.start { xs.skip(until: other) }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func disposalUnsubscribesBoth() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3)])
        let other = scheduler.createHotObservable([.next(300, "go")])
        let res = scheduler.start(disposed: 250) { xs.skip(until: other) }
        #expect(res.events.isEmpty)
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalAfterOtherEmittedUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .next(260, 3)])
        let other = scheduler.createHotObservable([.next(220, "go")])
        let res = scheduler.start(disposed: 250) { xs.skip(until: other) }
        #expect(res.events == [.next(230, 2)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func deprecatedSkipUntilBehavesLikeSkipUntil() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
        let other = scheduler.createHotObservable([.next(220, "go")])
        let res = scheduler.start {
            (SkipUntilDeprecatedCalls() as any SkipUntilDeprecatedAliases).skipUntil(xs.asObservable(), other.asObservable())
        }
        #expect(res.events == [.next(230, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(30, 2), .completed(40)])
            let go = scheduler.createColdObservable([.next(20, "go")])
            let silent = scheduler.createColdObservable([.completed(5)] as [Recorded<Event<String>>])
            _ = scheduler.start { xs.skip(until: go) }
            _ = scheduler.start { xs.skip(until: silent) }
        }
        #expect(delta == 0)
    }
}
