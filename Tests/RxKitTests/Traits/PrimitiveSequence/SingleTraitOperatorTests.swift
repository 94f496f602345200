import RxKit
import RxKitTest
import Testing

/// Single's operators (RxSwift 6 Single.swift): each keeps or changes the trait as RxSwift does.
@Suite struct SingleTraitOperatorTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// A cold Single that succeeds with `value` 10 ticks after subscription.
    func succeeding<T>(_ value: T, at time: TestTime = 10) -> TestableObservable<T> {
        scheduler.createColdObservable([.next(time, value), .completed(time)])
    }

    func failing<T>(_ type: T.Type, at time: TestTime = 10) -> TestableObservable<T> {
        scheduler.createColdObservable([.error(time, testError)])
    }

    @Test func mapTransformsTheElement() {
        let source = succeeding(2)
        let res = scheduler.start { source.asSingle().map { $0 * 10 }.asObservable() }
        #expect(res.events == [.next(210, 20), .completed(210)])
        #expect(source.subscriptions == [Subscription(200, 210)])
    }

    @Test func mapThrowingFails() {
        let res = scheduler.start { succeeding(2).asSingle().map { _ -> Int in throw testError }.asObservable() }
        #expect(res.events == [.error(210, testError)])
    }

    @Test func filterGivesAMaybeThatCompletesEmptyWhenRejected() {
        let kept: Maybe<Int> = Single.just(4).filter { $0 > 3 }
        let dropped: Maybe<Int> = Single.just(2).filter { $0 > 3 }
        var events: [String] = []
        _ = kept.subscribe(onSuccess: { events.append("kept \($0)") }, onCompleted: { events.append("kept empty") })
        _ = dropped.subscribe(onSuccess: { events.append("dropped \($0)") }, onCompleted: { events.append("dropped empty") })
        #expect(events == ["kept 4", "dropped empty"])
    }

    @Test func compactMapGivesAMaybe() {
        let res = scheduler.start { succeeding("7").asSingle().compactMap { Int($0) }.asObservable() }
        #expect(res.events == [.next(210, 7), .completed(210)])
        let empty = TestScheduler(initialClock: 0)
        let none = empty.start { Single.just("x").compactMap { Int($0) }.asObservable() }
        #expect(none.events == [.completed(200)])
    }

    @Test func flatMapSubscribesTheInnerSingleAfterTheElement() {
        let inner = succeeding(5, at: 20)
        let res = scheduler.start { succeeding(1).asSingle().flatMap { x in inner.asSingle().map { $0 + x } }.asObservable() }
        #expect(res.events == [.next(230, 6), .completed(230)])
        #expect(inner.subscriptions == [Subscription(210, 230)])
    }

    @Test func flatMapMaybeAndFlatMapCompletable() {
        let inner = scheduler.createColdObservable([.completed(5)] as [Recorded<Event<Int>>])
        let maybe = scheduler.start { succeeding(1).asSingle().flatMapMaybe { _ in inner.asMaybe() }.asObservable() }
        #expect(maybe.events == [.completed(215)])

        var completed = 0
        _ = Single.just(1).flatMapCompletable { _ in Completable.empty() }.subscribe(onCompleted: { completed += 1 })
        var failed: [TestError] = []
        _ = Single.just(1).flatMapCompletable { _ in Completable.error(testError) }.subscribe(onError: { failed.append($0 as! TestError) })
        #expect(completed == 1)
        #expect(failed == [testError])
    }

    @Test func catchAndReturnReplacesTheFailure() {
        let source = failing(Int.self)
        let res = scheduler.start { source.asSingle().catchAndReturn(9).asObservable() }
        #expect(res.events == [.next(210, 9), .completed(210)])
        #expect(source.subscriptions == [Subscription(200, 210)])
    }

    @Test func asCompletableDropsTheElement() {
        let res = scheduler.start { succeeding(1).asSingle().asCompletable().asObservable() }
        #expect(res.events == [.completed(210)])
        let err = TestScheduler(initialClock: 0)
        let failed = err.start { err.createColdObservable([.error(10, testError)] as [Recorded<Event<Int>>]).asSingle().asCompletable().asObservable() }
        #expect(failed.events == [.error(210, testError)])
    }

    @Test func zipCollectionWaitsForAllAndKeepsOrder() {
        let a = succeeding(1, at: 30), b = succeeding(2, at: 10)
        let res = scheduler.start { Single.zip([a.asSingle(), b.asSingle()]).asObservable() }
        #expect(res.events == [.next(230, [1, 2]), .completed(230)])
    }

    @Test func zipCollectionFailsAtTheFirstFailureAndDisposesTheOthers() {
        let a = succeeding(1, at: 30), b = failing(Int.self, at: 10)
        let res = scheduler.start { Single.zip([a.asSingle(), b.asSingle()], resultSelector: { $0.reduce(0, +) }).asObservable() }
        #expect(res.events == [.error(210, testError)])
        #expect(a.subscriptions == [Subscription(200, 210)])
    }

    // RxSwift 6: zip of an empty collection succeeds with resultSelector([]) / [] (Single.swift).
    @Test func zipOfAnEmptyCollectionSucceedsAtOnce() {
        var values: [[Int]] = []
        var sums: [Int] = []
        _ = Single<Int>.zip([Single<Int>]()).subscribe(onSuccess: { values.append($0) })
        _ = Single<Int>.zip([Single<Int>](), resultSelector: { $0.count + 100 }).subscribe(onSuccess: { sums.append($0) })
        #expect(values == [[]])
        #expect(sums == [100])
    }

    // RxSwift's JustScheduledSink schedules the element, then the completion as a second action
    // (one more processing tick on a TestScheduler).
    @Test func justOnASchedulerDeliversThere() {
        let res = scheduler.start { Single.just(3, scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(201, 3), .completed(202)])
    }

    @Test func disposingStopsTheWrappedChainWithoutLeaks() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            var got: [Int] = []
            let d = subject.asSingle().map { $0 + 1 }.flatMap { Single.just($0) }.subscribe(onSuccess: { got.append($0) })
            #expect(subject.hasObservers)
            d.dispose()
            #expect(!subject.hasObservers)
            subject.onNext(1)
            subject.onCompleted()
            #expect(got.isEmpty)
        }
        #expect(delta == 0)
    }

    // RxSwift's DoProducer: onSubscribe before subscribing upstream, onSubscribed when that call returns
    // (after a synchronous success), onDispose when the subscription is torn down.
    @Test func doRunsEveryHookInOrder() {
        var log: [String] = []
        _ = Single.just(1).do(
            onSuccess: { log.append("onSuccess \($0)") }, afterSuccess: { log.append("afterSuccess \($0)") },
            onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") },
            onSubscribe: { log.append("onSubscribe") }, onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(onSuccess: { log.append("success \($0)") })
        #expect(log == ["onSubscribe", "onSuccess 1", "success 1", "afterSuccess 1", "onSubscribed", "onDispose"])

        log = []
        _ = Single<Int>.error(testError).do(onError: { _ in log.append("onError") }, afterError: { _ in log.append("afterError") })
            .subscribe(onFailure: { _ in log.append("failure") })
        #expect(log == ["onError", "failure", "afterError"])
    }

    @Test func doThrowingInOnSuccessFails() {
        var failures: [TestError] = []
        _ = Single.just(1).do(onSuccess: { _ in throw testError }).subscribe(onFailure: { failures.append($0 as! TestError) })
        #expect(failures == [testError])
    }
}
