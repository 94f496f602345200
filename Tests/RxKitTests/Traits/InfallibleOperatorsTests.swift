import RxKit
import RxKitTest
import Testing

/// Infallible's operators (RxSwift 6's Infallible+Operators.swift).
@Suite struct InfallibleOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    func hot(_ events: [Recorded<Event<Int>>]) -> (TestableObservable<Int>, Infallible<Int>) {
        let xs = scheduler.createHotObservable(events)
        return (xs, xs.asInfallible(onErrorJustReturn: -1))
    }

    @Test func mapFilterCompactMapScanStartWith() {
        let (_, xs) = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let res = scheduler.start {
            xs.map { $0 * 2 }.filter { $0 != 4 }.compactMap { $0 > 5 ? nil : $0 }.scan(0, accumulator: +).startWith(100).asObservable()
        }
        #expect(res.events == [.next(200, 100), .next(210, 2), .completed(240)])
    }

    @Test func scanIntoAndDistinctUntilChanged() {
        let (_, xs) = hot([.next(210, 1), .next(220, 1), .next(230, 2), .completed(240)])
        let res = scheduler.start { xs.distinctUntilChanged().scan(into: [Int]()) { $0.append($1) }.map { $0.count }.asObservable() }
        #expect(res.events == [.next(210, 1), .next(230, 2), .completed(240)])
    }

    @Test func debounceAndThrottleTimeOnTheGivenScheduler() {
        let (_, xs) = hot([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(225, 2), .next(250, 3), .completed(300)])

        let s2 = TestScheduler(initialClock: 0)
        let ys = s2.createHotObservable([.next(210, 1), .next(215, 2), .next(240, 3), .completed(300)] as [Recorded<Event<Int>>])
        let throttled = s2.start { ys.asInfallible(onErrorJustReturn: 0).throttle(.seconds(20), latest: false, scheduler: s2).asObservable() }
        #expect(throttled.events == [.next(210, 1), .next(240, 3), .completed(300)])
    }

    @Test func flatMapLatestSwitchesAndDisposesTheOldInner() {
        let inner1 = scheduler.createColdObservable([.next(5, 10), .next(30, 11)])
        let inner2 = scheduler.createColdObservable([.next(5, 20)])
        let (_, xs) = hot([.next(210, 1), .next(220, 2)])
        let res = scheduler.start {
            xs.flatMapLatest { ($0 == 1 ? inner1 : inner2).asInfallible(onErrorJustReturn: 0) }.asObservable()
        }
        #expect(res.events == [.next(215, 10), .next(225, 20)])
        #expect(inner1.subscriptions == [Subscription(210, 220)])
    }

    @Test func flatMapFlatMapFirstConcatMap() {
        var got: [Int] = []
        _ = Infallible.of(1, 2).flatMap { Infallible.of($0, $0 * 10) }.subscribe(onNext: { got.append($0) })
        _ = Infallible.of(3, 4).concatMap { Infallible.just($0) }.subscribe(onNext: { got.append($0) })
        _ = Infallible.of(5, 6).flatMapFirst { Infallible.just($0) }.subscribe(onNext: { got.append($0) })
        #expect(got == [1, 10, 2, 20, 3, 4, 5, 6])
    }

    @Test func withLatestFromAndTakeSkip() {
        let (_, xs) = hot([.next(210, 1), .next(230, 2), .next(250, 3), .completed(260)])
        let other = scheduler.createHotObservable([.next(220, "a"), .next(240, "b")]).asInfallible(onErrorJustReturn: "")
        let res = scheduler.start { xs.withLatestFrom(other) { "\($0)\($1)" }.skip(1).take(1).asObservable() }
        #expect(res.events == [.next(250, "3b"), .completed(250)])
    }

    @Test func shareReplaysToALateSubscriber() {
        var subscriptions = 0
        let shared = Infallible<Int>.create { observer in
            subscriptions += 1
            observer(.next(1))
            return Disposables.create()
        }.share(replay: 1)
        var a: [Int] = [], b: [Int] = []
        let d1 = shared.subscribe(onNext: { a.append($0) })
        let d2 = shared.subscribe(onNext: { b.append($0) })
        #expect(subscriptions == 1)
        #expect(a == [1] && b == [1])
        d1.dispose(); d2.dispose()
    }

    @Test func doHooksAndMergeConcat() {
        var log: [String] = []
        _ = Infallible.merge(.just(1), .just(2)).concat(Infallible.just(3))
            .do(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
            .subscribe()
        #expect(log == ["next 1", "next 2", "next 3", "completed"])
    }
}
