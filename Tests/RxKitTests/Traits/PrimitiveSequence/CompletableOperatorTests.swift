import RxKit
import RxKitTest
import Testing

/// Completable's operators (RxSwift 6 Completable.swift, Completable+AndThen.swift).
@Suite struct CompletableOperatorTests {
    let scheduler = TestScheduler(initialClock: 0)

    func completing(at time: TestTime) -> TestableObservable<Never> {
        scheduler.createColdObservable([.completed(time)])
    }

    func failing(at time: TestTime) -> TestableObservable<Never> {
        scheduler.createColdObservable([.error(time, testError)])
    }

    @Test func concatRunsOneAfterAnother() {
        let a = completing(at: 10), b = completing(at: 20)
        let res = scheduler.start { a.asCompletable().concat(b.asCompletable()).asObservable() }
        #expect(res.events == [.completed(230)])
        #expect(a.subscriptions == [Subscription(200, 210)])
        #expect(b.subscriptions == [Subscription(210, 230)])
    }

    @Test func staticConcatStopsAtTheFirstError() {
        let a = failing(at: 10), b = completing(at: 20)
        let res = scheduler.start { Completable.concat([a.asCompletable(), b.asCompletable()]).asObservable() }
        #expect(res.events == [.error(210, testError)])
        #expect(b.subscriptions.isEmpty)
    }

    @Test func zipRunsAllAtOnceAndCompletesWhenAllHave() {
        let a = completing(at: 10), b = completing(at: 30)
        let res = scheduler.start { Completable.zip(a.asCompletable(), b.asCompletable()).asObservable() }
        #expect(res.events == [.completed(230)])
        #expect(a.subscriptions == [Subscription(200, 210)])
        #expect(b.subscriptions == [Subscription(200, 230)])
    }

    @Test func zipFailsAtTheFirstErrorAndDisposesTheRest() {
        let a = failing(at: 10), b = completing(at: 30)
        let res = scheduler.start { Completable.zip([a.asCompletable(), b.asCompletable()]).asObservable() }
        #expect(res.events == [.error(210, testError)])
        #expect(b.subscriptions == [Subscription(200, 210)])
    }

    @Test func andThenSingleSubscribesAfterCompletion() {
        let a = completing(at: 10)
        let next = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let res = scheduler.start { a.asCompletable().andThen(next.asSingle()).asObservable() }
        #expect(res.events == [.next(215, 1), .completed(215)])
        #expect(next.subscriptions == [Subscription(210, 215)])
    }

    @Test func andThenSkipsTheNextWhenTheFirstFails() {
        let a = failing(at: 10)
        let next = scheduler.createColdObservable([.next(5, 1), .completed(5)])
        let res = scheduler.start { a.asCompletable().andThen(next.asMaybe()).asObservable() }
        #expect(res.events == [.error(210, testError)])
        #expect(next.subscriptions.isEmpty)
    }

    @Test func andThenObservableAndCompletable() {
        let a = completing(at: 10)
        let next = scheduler.createColdObservable([.next(5, 1), .next(6, 2), .completed(7)])
        let res = scheduler.start { a.asCompletable().andThen(next.asObservable()) }
        #expect(res.events == [.next(215, 1), .next(216, 2), .completed(217)])

        var events: [String] = []
        _ = Completable.empty().andThen(Completable.error(testError)).subscribe(onCompleted: { events.append("done") }, onError: { _ in events.append("error") })
        #expect(events == ["error"])
    }

    @Test func disposingAndThenMidwayDisposesTheSecond() {
        let a = completing(at: 10)
        let next = scheduler.createColdObservable([.next(50, 1), .completed(50)])
        let res = scheduler.start(disposed: 230) { a.asCompletable().andThen(next.asSingle()).asObservable() }
        #expect(res.events.isEmpty)
        #expect(next.subscriptions == [Subscription(210, 230)])
    }

    @Test func doRunsHooksAndDisposalHook() {
        var log: [String] = []
        let d = Completable.never().do(onSubscribe: { log.append("onSubscribe") }, onDispose: { log.append("onDispose") }).subscribe()
        d.dispose()
        _ = Completable.empty().do(onCompleted: { log.append("onCompleted") }).subscribe()
        #expect(log == ["onSubscribe", "onDispose", "onCompleted"])
    }
}
