import RxKit
import RxKitTest
import Testing

/// Maybe's operators (RxSwift 6 Maybe.swift).
@Suite struct MaybeOperatorTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func mapFilterCompactMapKeepEmptyEmpty() {
        var out: [String] = []
        func record<T>(_ m: Maybe<T>) {
            _ = m.subscribe(onSuccess: { out.append("\($0)") }, onError: { out.append("error \($0)") }, onCompleted: { out.append("empty") })
        }
        record(Maybe.just(2).map { $0 * 3 })
        record(Maybe<Int>.empty().map { $0 * 3 })
        record(Maybe.just(2).filter { $0 > 5 })
        record(Maybe.just("8").compactMap { Int($0) })
        record(Maybe.just("x").compactMap { Int($0) })
        record(Maybe.just(1).map { _ -> Int in throw testError })
        #expect(out == ["6", "empty", "empty", "8", "empty", "error TestError(1)"])
    }

    @Test func flatMapRunsTheInnerMaybeOnlyForAnElement() {
        let inner = scheduler.createColdObservable([.next(20, 5), .completed(20)])
        let source = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { source.asMaybe().flatMap { _ in inner.asMaybe() }.asObservable() }
        #expect(res.events == [.next(230, 5), .completed(230)])
        #expect(inner.subscriptions == [Subscription(210, 230)])

        var subscribed = 0
        _ = Maybe<Int>.empty().flatMap { _ in Maybe<Int>.deferred { subscribed += 1; return .just(1) } }.subscribe()
        #expect(subscribed == 0)
    }

    @Test func catchAndReturnSucceedsInsteadOfFailing() {
        var got: [Int] = []
        _ = Maybe<Int>.error(testError).catchAndReturn(4).subscribe(onSuccess: { got.append($0) })
        #expect(got == [4])
    }

    @Test func zipCompletesEmptyWhenOneIsEmpty() {
        let a = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let b = scheduler.createColdObservable([.completed(20)] as [Recorded<Event<Int>>])
        let res = scheduler.start { Maybe.zip(a.asMaybe(), b.asMaybe()) { $0 + $1 }.asObservable() }
        #expect(res.events == [.completed(220)])
    }

    @Test func zipCollectionOfElements() {
        var got: [[Int]] = []
        _ = Maybe.zip([Maybe.just(1), Maybe.just(2)]).subscribe(onSuccess: { got.append($0) })
        _ = Maybe<Int>.zip([Maybe<Int>]()).subscribe(onSuccess: { got.append($0) })
        #expect(got == [[1, 2], []])
    }

    // RxSwift: Maybe.ifEmpty(default:) and ifEmpty(switchTo: Single) give a Single.
    @Test func ifEmptyDefaultGivesASingle() {
        let source = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Int>>])
        let res = scheduler.start { source.asMaybe().ifEmpty(default: 3).asObservable() }
        #expect(res.events == [.next(210, 3), .completed(210)])
        var got: [Int] = []
        let single: Single<Int> = Maybe.just(1).ifEmpty(default: 3)
        _ = single.subscribe(onSuccess: { got.append($0) })
        #expect(got == [1])
    }

    @Test func ifEmptySwitchToSubscribesTheOtherOnlyWhenEmpty() {
        let other = scheduler.createColdObservable([.next(5, 9), .completed(5)])
        let source = scheduler.createColdObservable([.completed(10)] as [Recorded<Event<Int>>])
        let res = scheduler.start { source.asMaybe().ifEmpty(switchTo: other.asSingle()).asObservable() }
        #expect(res.events == [.next(215, 9), .completed(215)])
        #expect(other.subscriptions == [Subscription(210, 215)])

        var subscribed = 0
        var got: [Int] = []
        _ = Maybe.just(1).ifEmpty(switchTo: Maybe<Int>.deferred { subscribed += 1; return .just(2) }).subscribe(onSuccess: { got.append($0) })
        #expect(subscribed == 0)
        #expect(got == [1])
    }

    @Test func doRunsTheCompletionHooksForAnEmptyMaybe() {
        var log: [String] = []
        _ = Maybe<Int>.empty().do(
            onNext: { _ in log.append("onNext") }, onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") }, onDispose: { log.append("onDispose") }
        ).subscribe(onCompleted: { log.append("completed") })
        #expect(log == ["onCompleted", "completed", "afterCompleted", "onDispose"])
    }
}
