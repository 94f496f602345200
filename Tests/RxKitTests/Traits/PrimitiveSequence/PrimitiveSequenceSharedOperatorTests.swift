import Foundation
import RxKit
import RxKitTest
import Testing

/// The operators every trait shares (RxSwift's PrimitiveSequence.swift).
@Suite struct PrimitiveSequenceSharedOperatorTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func catchSwitchesToTheHandlersTrait() {
        let source = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { source.asSingle().catch { _ in .just(7) }.asObservable() }
        #expect(res.events == [.next(210, 7), .completed(210)])
    }

    // RxSwift: retry(n) subscribes n times in all, then passes on the last error.
    @Test func retryCountsAttemptsIncludingTheFirst() {
        let source = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { source.asSingle().retry(3).asObservable() }
        #expect(res.events == [.error(230, testError)])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    @Test func retryForeverUntilDisposed() {
        let source = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start(disposed: 235) { source.asMaybe().retry().asObservable() }
        #expect(res.events.isEmpty)
        #expect(source.subscriptions.count == 4)
    }

    @Test func retryWhenResubscribesOnTheTrigger() {
        let source = scheduler.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start {
            source.asSingle().retry(when: { (errors: Observable<TestError>) in errors.take(1) }).asObservable()
        }
        // take(1): one retry, then the trigger completes, which completes the result at the next failure.
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
        #expect(res.events == [.completed(220)])
    }

    @Test func usingDisposesTheResourceWhenTheTraitEnds() {
        let resource = BooleanDisposable()
        var got: [Int] = []
        var disposedAtSuccess = true
        _ = Single<Int>.using({ resource }, primitiveSequenceFactory: { r in .just(1) })
            .subscribe(onSuccess: { got.append($0); disposedAtSuccess = resource.isDisposed })
        #expect(got == [1])
        #expect(!disposedAtSuccess)
        #expect(resource.isDisposed)
    }

    @Test func timeoutFailsWithRxErrorTimeout() {
        let source = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start { source.asSingle().timeout(.seconds(20), scheduler: scheduler).asObservable() }
        #expect(res.events == [.error(220, RxError.timeout)])
        #expect(source.subscriptions == [Subscription(200, 220)])
    }

    @Test func timeoutSwitchesToOther() {
        let source = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start { source.asSingle().timeout(.seconds(20), other: .just(2), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(220, 2), .completed(220)])
    }

    @Test func timeoutDoesNotFireWhenInTime() {
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { source.asSingle().timeout(.seconds(20), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(210, 1), .completed(210)])
    }

    @Test func timerEmitsZeroOnceAndCompletes() {
        let res = scheduler.start { Single<Int>.timer(.seconds(30), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(230, 0), .completed(230)])
    }

    @Test func delayShiftsTheSuccessButNotTheError() {
        let ok = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { ok.asSingle().delay(.seconds(30), scheduler: scheduler).asObservable() }
        // RxSwift: Single's delay is the observable delay on its raw sequence, which delivers each due event in
        // its own scheduler action: the completion due with the element comes one tick after it.
        #expect(res.events == [.next(240, 1), .completed(241)])
        let s2 = TestScheduler(initialClock: 0)
        let bad = s2.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>])
        let failed = s2.start { bad.asMaybe().delay(.seconds(30), scheduler: s2).asObservable() }
        #expect(failed.events == [.error(210, testError)])
    }

    @Test func delaySubscriptionSubscribesLater() {
        let source = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Never>>])
        let res = scheduler.start { source.asCompletable().delaySubscription(.seconds(30), scheduler: scheduler).asObservable() }
        #expect(source.subscriptions == [Subscription(230, 240)])
        #expect(res.events == [.completed(240)])
    }

    @Test func observeOnDeliversOnTheScheduler() {
        let res = scheduler.start { Single.just(1).observe(on: scheduler).asObservable() }
        // TestScheduler's processing delay makes each hop visible: RxSwift's ObserveOnSink delivers one
        // queued event per scheduled step.
        #expect(res.events == [.next(201, 1), .completed(202)])
    }

    @Test func subscribeOnSubscribesOnTheScheduler() {
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { source.asSingle().subscribe(on: scheduler).asObservable() }
        #expect(source.subscriptions == [Subscription(201, 211)])
        #expect(res.events == [.next(211, 1), .completed(211)])
    }

    @Test func debugPassesEventsThrough() {
        var got: [Int] = []
        _ = Maybe.just(5).debug("maybe").subscribe(onSuccess: { got.append($0) })
        #expect(got == [5])
    }

    @Test func deprecatedAliasesStillWork() {
        let calls: DeprecatedCalling = DeprecatedCalls()
        #expect(calls.run() == [1, 2, 3])
    }
}

/// Calls the deprecated RxSwift 5 names behind a non-deprecated requirement (keeps the build warning-free).
private protocol DeprecatedCalling { func run() -> [Int] }
private struct DeprecatedCalls: DeprecatedCalling {
    @available(*, deprecated)
    func run() -> [Int] {
        var got: [Int] = []
        _ = Single<Int>.error(testError).catchError { _ in .just(1) }.subscribe(onSuccess: { got.append($0) })
        _ = Single<Int>.error(testError).catchErrorJustReturn(2).subscribe(onSuccess: { got.append($0) })
        _ = Single.just(3).observeOn(CurrentThreadScheduler.instance).subscribeOn(CurrentThreadScheduler.instance)
            .retryWhen { (errors: Observable<Swift.Error>) in errors }.subscribe(onSuccess: { got.append($0) })
        return got
    }
}
