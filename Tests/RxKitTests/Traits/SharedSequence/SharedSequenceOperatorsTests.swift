import RxKit
import RxKitTest
import Testing

/// Driver/Signal operators (RxCocoa's SharedSequence+Operators.swift): results keep the sharing
/// strategy, timed operators run on the sharing scheduler.
@Suite struct SharedSequenceOperatorsTests {
    let scheduler = TestScheduler(initialClock: 0)

    /// Runs `build` on a Driver over `events` (each event hops once through the mocked scheduler).
    func run<R>(_ events: [Recorded<Event<Int>>], _ build: @escaping (Driver<Int>) -> Driver<R>) -> [Recorded<Event<R>>] {
        let xs = scheduler.createHotObservable(events)
        var result: [Recorded<Event<R>>] = []
        SharingScheduler.mock(scheduler: scheduler) {
            result = scheduler.start { build(xs.asDriver(onErrorJustReturn: -1)).asObservable() }.events
        }
        return result
    }

    @Test func mapFilterCompactMap() {
        let events = run([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)]) {
            $0.map { $0 * 10 }.filter { $0 != 20 }.compactMap { $0 > 20 ? "\($0)" : nil }
        }
        #expect(events == [.next(231, "30"), .completed(241)])
    }

    @Test func distinctScanStartWithSkip() {
        let events = run([.next(210, 1), .next(220, 1), .next(230, 2), .completed(240)]) {
            $0.distinctUntilChanged().scan(0, accumulator: +).startWith(100).skip(1)
        }
        #expect(events == [.next(211, 1), .next(231, 3), .completed(241)])
    }

    @Test func scanInto() {
        let into = run([.next(210, 1), .next(220, 2)]) { $0.scan(into: [Int]()) { $0.append($1) }.map { $0.count } }
        #expect(into == [.next(211, 1), .next(221, 2)])
    }

    @Test func debounceThrottleDelayUseTheSharingScheduler() {
        let debounced = run([.next(210, 1), .next(215, 2), .completed(300)]) { $0.debounce(.seconds(20)) }
        #expect(debounced == [.next(236, 2), .completed(301)])
    }

    @Test func throttleFirstThenLatestAtWindowEnd() {
        let throttled = run([.next(210, 1), .next(215, 2), .next(218, 3)]) { $0.throttle(.seconds(20)) }
        #expect(throttled == [.next(211, 1), .next(231, 3)])
    }

    @Test func delayShiftsElements() {
        let delayed = run([.next(210, 1)]) { $0.delay(.seconds(30)) }
        #expect(delayed == [.next(241, 1)])
    }

    @Test func flatMapLatestAndSwitchLatestDisposeTheOldInner() {
        let inner1 = scheduler.createColdObservable([.next(5, 10), .next(40, 11)])
        let inner2 = scheduler.createColdObservable([.next(5, 20)])
        let events = run([.next(210, 1), .next(230, 2)]) { driver in
            driver.flatMapLatest { ($0 == 1 ? inner1 : inner2).asDriver(onErrorJustReturn: 0) }
        }
        #expect(events == [.next(217, 10), .next(237, 20)])
        #expect(inner1.subscriptions == [Subscription(211, 231)])
    }

    @Test func flatMapFlatMapFirstConcatMapMerge() {
        SharingScheduler.mock(scheduler: scheduler) {
            var got: [Int] = []
            scheduler.scheduleAt(200) {
                _ = Driver.just(1).flatMap { Driver.just($0 + 1) }.drive(onNext: { got.append($0) })
                _ = Driver.just(3).flatMapFirst { Driver.just($0) }.drive(onNext: { got.append($0) })
                _ = Driver.just(4).concatMap { Driver.just($0) }.drive(onNext: { got.append($0) })
                _ = Driver.merge(Driver.just(5), Driver.just(6)).drive(onNext: { got.append($0) })
                _ = Driver.just(Driver.just(7)).switchLatest().drive(onNext: { got.append($0) })
                _ = Driver.concat([Driver.just(8), Driver.just(9)]).drive(onNext: { got.append($0) })
            }
            scheduler.start()
            #expect(got.sorted() == [2, 3, 4, 5, 6, 7, 8, 9])
        }
    }

    @Test func withLatestFromTakesTheOthersLatest() {
        let other = scheduler.createHotObservable([.next(205, "a"), .next(222, "b")])
        let events = run([.next(210, 1), .next(230, 2)]) { driver in
            driver.withLatestFrom(other.asDriver(onErrorJustReturn: "")) { "\($0)\($1)" }
        }
        #expect(events == [.next(211, "1a"), .next(231, "2b")])
    }

    @Test func withUnretainedDoAndDebug() {
        final class Owner {}
        let owner = Owner()
        var log: [String] = []
        let events = run([.next(210, 1)]) { driver in
            driver.withUnretained(owner).map { $0.1 }
                .do(onNext: { log.append("next \($0)") }, onSubscribe: { log.append("subscribe") })
                .debug("driver")
        }
        #expect(events == [.next(211, 1)])
        #expect(log == ["subscribe", "next 1"])
    }

    @Test func theResultIsSharedToo() {
        var mapped = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.just(1).map { x -> Int in mapped += 1; return x }
            scheduler.scheduleAt(200) {
                _ = driver.drive(onNext: { _ in })
                _ = driver.drive(onNext: { _ in })
            }
            scheduler.start()
        }
        // The second subscriber arrives while the first is connected (Driver.just has not yet
        // delivered): one upstream subscription, one map call.
        #expect(mapped == 1)
    }

    // RxCocoa's distinctUntilChanged(_:comparer:): neighbours compared by key with the comparer.
    @Test func distinctUntilChangedKeySelectorAndComparer() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 4), .completed(240)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                xs.asDriver(onErrorJustReturn: 0).distinctUntilChanged({ $0 % 2 }, comparer: { $0 == $1 }).asObservable()
            }
            #expect(res.events == [.next(211, 1), .next(231, 4), .completed(241)])
        }
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    // RxCocoa's merge(maxConcurrent:): with 1, the second inner sequence waits until the first completes.
    @Test func mergeMaxConcurrentSubscribesTheNextInnerWhenOneCompletes() {
        let inner1 = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let inner2 = scheduler.createColdObservable([.next(5, 2), .completed(10)])
        let outer = scheduler.createHotObservable([.next(210, 1), .next(215, 2)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                outer.asDriver(onErrorJustReturn: 0)
                    .map { ($0 == 1 ? inner1 : inner2).asDriver(onErrorJustReturn: 0) }
                    .merge(maxConcurrent: 1)
                    .asObservable()
            }
            // Every event hops once through the mocked main scheduler.
            #expect(res.events == [.next(222, 1), .next(238, 2)])
        }
        #expect(inner1.subscriptions == [Subscription(211, 231)])
        #expect(inner2.subscriptions == [Subscription(232, 242)])
        #expect(outer.subscriptions == [Subscription(200, 1000)])
    }

    @Test func mergeOfAnArray() {
        let a = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let b = scheduler.createHotObservable([.next(220, 2), .completed(240)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                Signal.merge([a.asSignal(onErrorJustReturn: 0), b.asSignal(onErrorJustReturn: 0)]).asObservable()
            }
            #expect(res.events == [.next(211, 1), .next(221, 2), .completed(241)])
        }
        #expect(a.subscriptions == [Subscription(200, 230)])
        #expect(b.subscriptions == [Subscription(200, 240)])
    }
}
