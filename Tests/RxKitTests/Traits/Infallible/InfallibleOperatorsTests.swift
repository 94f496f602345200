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

    // RxSwift's take(for:scheduler:): completes when the duration, timed from subscription, passes.
    @Test func takeForCompletesWhenTheDurationPasses() {
        let (xs, infallible) = hot([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { infallible.take(for: .seconds(25), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
    }

    // RxSwift's Observable.skip(_:scheduler:): elements before the timer fires are dropped.
    @Test func skipForDropsTheElementsOfTheFirstDuration() {
        let (xs, infallible) = hot([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let res = scheduler.start { infallible.skip(.seconds(15), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(220, 2), .next(240, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])

        let s2 = TestScheduler(initialClock: 0)
        let ys = s2.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)] as [Recorded<Event<Int>>])
        let res2 = s2.start { ys.asInfallible(onErrorJustReturn: 0).skip(for: .seconds(25), scheduler: s2).asObservable() }
        #expect(res2.events == [.next(230, 2), .completed(300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    // RxSwift's take(until:behavior:): .inclusive also emits the element that satisfies the predicate.
    @Test func takeUntilPredicateInclusiveAndExclusive() {
        let (xs, infallible) = hot([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { infallible.take(until: { $0 == 2 }, behavior: .inclusive).asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])

        let s2 = TestScheduler(initialClock: 0)
        let ys = s2.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)] as [Recorded<Event<Int>>])
        let res2 = s2.start { ys.asInfallible(onErrorJustReturn: 0).take(until: { $0 == 2 }).asObservable() }
        #expect(res2.events == [.next(210, 1), .completed(220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    // RxSwift's skip(until:): elements pass once the other emits; the other is then unsubscribed.
    @Test func skipUntilOtherEmits() {
        let (xs, infallible) = hot([.next(210, 1), .next(220, 2), .next(240, 3), .completed(300)])
        let other = scheduler.createHotObservable([.next(215, "go"), .next(230, "again")])
        let res = scheduler.start { infallible.skip(until: other.asInfallible(onErrorJustReturn: "")).asObservable() }
        #expect(res.events == [.next(220, 2), .next(240, 3), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    // RxSwift's ObservableSubscribeOnTest (testSubscribeOn_SchedulerSleep): subscription and
    // disposal both run one scheduler step late.
    @Test func subscribeOnSubscribesAndDisposesOnTheScheduler() {
        var subscribedAt: TestTime?
        var disposedAt: TestTime?
        let source = Infallible<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let res = scheduler.start { source.subscribe(on: scheduler).asObservable() }
        #expect(res.events.isEmpty)
        #expect(subscribedAt == 201)
        #expect(disposedAt == 1001)
    }

    // Elements pass through; here the upstream is the catch behind asInfallible, which (as RxSwift's
    // CatchSink) lets go of its source as soon as it completes, so only the subscription is late.
    @Test func subscribeOnPassesTheEventsThrough() {
        let (xs, infallible) = hot([.next(250, 1), .completed(300)])
        let res = scheduler.start { infallible.subscribe(on: scheduler).asObservable() }
        #expect(res.events == [.next(250, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 300)])
    }

    // RxSwift's distinctUntilChanged(_:comparer:): compares the keys of neighbours with the comparer.
    @Test func distinctUntilChangedKeySelectorAndComparer() {
        let xs = scheduler.createHotObservable([.next(210, "a"), .next(220, "A"), .next(230, "b"), .next(240, "B"), .completed(250)])
        let res = scheduler.start {
            xs.asInfallible(onErrorJustReturn: "").distinctUntilChanged({ $0.lowercased() }, comparer: { $0 == $1 }).asObservable()
        }
        #expect(res.events == [.next(210, "a"), .next(230, "b"), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    // RxSwift's Infallible.concat: each source is subscribed once the previous one completes.
    @Test func staticConcatRunsTheSourcesOneAfterAnother() {
        let a = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let b = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let res = scheduler.start {
            Infallible.concat([a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)]).asObservable()
        }
        #expect(res.events == [.next(210, 1), .next(225, 2), .completed(230)])
        #expect(a.subscriptions == [Subscription(200, 220)])
        #expect(b.subscriptions == [Subscription(220, 230)])

        var got: [Int] = []
        _ = Infallible.concat(Infallible.just(1), Infallible.just(2)).subscribe(onNext: { got.append($0) })
        _ = Infallible.concat(AnySequence([Infallible.just(3)])).subscribe(onNext: { got.append($0) })
        _ = Infallible.merge([Infallible.just(4), Infallible.just(5)]).subscribe(onNext: { got.append($0) })
        #expect(got == [1, 2, 3, 4, 5])
    }

    @Test func debugPassesEventsThrough() {
        let (xs, infallible) = hot([.next(210, 1), .completed(220)])
        let res = scheduler.start { infallible.debug("infallible").asObservable() }
        #expect(res.events == [.next(210, 1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
