import RxKit
import RxKitTest
import Testing

fileprivate func sum(_ values: Int...) -> Int { values.reduce(0, +) }

/// Runs one combineLatest form of arity `n` (built by `build` from n sources) through three scenarios:
/// values and completion, an upstream error, and disposal; each checks every source's subscriptions.
/// Sources: s_i emits i at 210+i; s1 also emits 100 at 250; s_i completes at 400+i (or s_n fails at 300).
fileprivate func checkCombineLatest(arity n: Int, _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>) {
    let total = (1...n).reduce(0, +)
    func sources(_ scheduler: TestScheduler, failing: Bool) -> [TestableObservable<Int>] {
        (1...n).map { i in
            var events: [Recorded<Event<Int>>] = [.next(210 + i, i)]
            if i == 1 { events.append(.next(250, 100)) }
            events.append(failing && i == n ? .error(300, testError) : .completed(400 + i))
            return scheduler.createHotObservable(events)
        }
    }

    // Values: first once all have a value, then on every element; completes when all have completed.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = sources(scheduler, failing: false)
    let res = scheduler.start { build(xs) }
    #expect(res.events == [.next(210 + n, total), .next(250, total - 1 + 100), .completed(400 + n)], "arity \(n)")
    for (index, source) in xs.enumerated() {
        #expect(source.subscriptions == [Subscription(200, 401 + index)], "arity \(n), source \(index + 1)")
    }

    // An error from any source ends it at once and disposes every source.
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = sources(scheduler2, failing: true)
    let res2 = scheduler2.start { build(ys) }
    #expect(res2.events == [.next(210 + n, total), .next(250, total - 1 + 100), .error(300, testError)], "arity \(n)")
    for source in ys {
        #expect(source.subscriptions == [Subscription(200, 300)], "arity \(n)")
    }

    // Disposal unsubscribes every source.
    let scheduler3 = TestScheduler(initialClock: 0)
    let zs = sources(scheduler3, failing: false)
    let res3 = scheduler3.start(disposed: 240) { build(zs) }
    #expect(res3.events == [.next(210 + n, total)], "arity \(n)")
    for source in zs {
        #expect(source.subscriptions == [Subscription(200, 240)], "arity \(n)")
    }
}

/// A result selector that throws (on the element 100 of s1) ends the sequence at once.
fileprivate func checkCombineLatestThrowingSelector(arity n: Int, _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>) {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (1...n).map { i in
        scheduler.createHotObservable(i == 1 ? [.next(211, 1), .next(250, 100), .completed(400)] : [.next(210 + i, i), .completed(400)])
    }
    let res = scheduler.start { build(xs) }
    #expect(res.events == [.next(210 + n, (1...n).reduce(0, +)), .error(250, testError)], "arity \(n)")
    for source in xs {
        #expect(source.subscriptions == [Subscription(200, 250)], "arity \(n)")
    }
}

fileprivate func failOn100(_ first: Int) throws -> Int {
    if first == 100 { throw testError }
    return first
}

@Suite struct CombineLatestTests {
    // MARK: RxSwift's completion rules, pinned at arity 2

    @Test func emitsOnlyOnceEverySourceHasAValueThenOnEveryElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(215, 2), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(310)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(220, 12), .next(230, 13), .next(240, 23), .completed(310)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 310)])
    }

    @Test func aSourceCompletingWithoutAValueDoesNotCompleteWhileAnotherRuns() {
        // RxSwift testCombineLatest_NeverEmpty: no events; the running source stays subscribed.
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start { Observable.combineLatest(never, empty) { $0 + $1 } }
        #expect(res.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
    }

    @Test func completesWhenAnElementArrivesThatCanNeverCombine() {
        // RxSwift testCombineLatest_EmptyReturn: the other source completed without a value, so the
        // element at 215 can never be combined: completed at 215.
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let other = scheduler.createHotObservable([.next(215, 2), .completed(220)])
        let res = scheduler.start { Observable.combineLatest(empty, other).map { $0 + $1 } }
        #expect(res.events == [.completed(215)])
        #expect(empty.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    @Test func keepsEmittingAfterOneSourceCompletesWithAValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(230, 20), .completed(240)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(215, 11), .next(230, 21), .completed(240)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 240)])
    }

    @Test func anErrorBeforeAnyValueEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.error(220, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.combineLatest(xs, ys).map { $0 + $1 } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    // MARK: Every arity, with and without resultSelector

    @Test func arity2() {
        checkCombineLatest(arity: 2) { s in Observable.combineLatest(s[0], s[1]) { sum($0, $1) } }
        checkCombineLatest(arity: 2) { s in Observable.combineLatest(s[0], s[1]).map { sum($0.0, $0.1) } }
        checkCombineLatestThrowingSelector(arity: 2) { s in Observable.combineLatest(s[0], s[1]) { try failOn100($0) + $1 } }
    }

    @Test func arity3() {
        checkCombineLatest(arity: 3) { s in Observable.combineLatest(s[0], s[1], s[2]) { sum($0, $1, $2) } }
        checkCombineLatest(arity: 3) { s in Observable.combineLatest(s[0], s[1], s[2]).map { sum($0.0, $0.1, $0.2) } }
        checkCombineLatestThrowingSelector(arity: 3) { s in
            Observable.combineLatest(s[0], s[1], s[2]) { try sum(failOn100($0), $1, $2) }
        }
    }

    @Test func arity4() {
        checkCombineLatest(arity: 4) { s in Observable.combineLatest(s[0], s[1], s[2], s[3]) { sum($0, $1, $2, $3) } }
        checkCombineLatest(arity: 4) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3]).map { sum($0.0, $0.1, $0.2, $0.3) }
        }
        checkCombineLatestThrowingSelector(arity: 4) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3]) { try sum(failOn100($0), $1, $2, $3) }
        }
    }

    @Test func arity5() {
        checkCombineLatest(arity: 5) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { sum($0, $1, $2, $3, $4) }
        }
        checkCombineLatest(arity: 5) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { sum($0.0, $0.1, $0.2, $0.3, $0.4) }
        }
        checkCombineLatestThrowingSelector(arity: 5) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4]) { try sum(failOn100($0), $1, $2, $3, $4) }
        }
    }

    @Test func arity6() {
        checkCombineLatest(arity: 6) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { sum($0, $1, $2, $3, $4, $5) }
        }
        checkCombineLatest(arity: 6) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
        }
        checkCombineLatestThrowingSelector(arity: 6) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]) { try sum(failOn100($0), $1, $2, $3, $4, $5) }
        }
    }

    @Test func arity7() {
        checkCombineLatest(arity: 7) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { sum($0, $1, $2, $3, $4, $5, $6) }
        }
        checkCombineLatest(arity: 7) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
                .map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6) }
        }
        checkCombineLatestThrowingSelector(arity: 7) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { try sum(failOn100($0), $1, $2, $3, $4, $5, $6) }
        }
    }

    @Test func arity8() {
        checkCombineLatest(arity: 8) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { sum($0, $1, $2, $3, $4, $5, $6, $7) }
        }
        checkCombineLatest(arity: 8) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }
        }
        checkCombineLatestThrowingSelector(arity: 8) { s in
            Observable.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) {
                try sum(failOn100($0), $1, $2, $3, $4, $5, $6, $7)
            }
        }
    }

    @Test func mixesElementTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])
        let zs = scheduler.createHotObservable([.next(230, true), .completed(300)])
        let res = scheduler.start { Observable.combineLatest(xs, ys, zs) { "\($0)\($1)\($2)" } }
        #expect(res.events == [.next(230, "1atrue"), .completed(300)])
    }

    // MARK: Collection forms

    @Test func collectionWithSelectorCombinesLatestOfAll() {
        checkCombineLatest(arity: 3) { s in Observable.combineLatest(s) { $0.reduce(0, +) } }
        checkCombineLatestThrowingSelector(arity: 3) { s in Observable.combineLatest(s) { try failOn100($0[0]) + $0[1] + $0[2] } }
    }

    @Test func collectionOfMoreThanSixtyFourSourcesFollowsTheSameRules() {
        // RxSwift: the collection form has no limit on the number of sources; the first combination comes
        // once every source has a value, and it completes once every source has completed.
        let n = 70
        let scheduler = TestScheduler(initialClock: 0)
        let xs = (1...n).map { i in scheduler.createHotObservable([.next(300 + i, i), .completed(500 + i)]) }
        let res = scheduler.start { Observable.combineLatest(xs) { $0.reduce(0, +) } }
        #expect(res.events == [.next(300 + n, (1...n).reduce(0, +)), .completed(500 + n)])
        for (index, source) in xs.enumerated() {
            #expect(source.subscriptions == [Subscription(200, 501 + index)], "source \(index + 1)")
        }
    }

    @Test func collectionWithoutSelectorEmitsArrays() {
        checkCombineLatest(arity: 4) { s in Observable.combineLatest(s).map { $0.reduce(0, +) } }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .completed(310)])
        let res = scheduler.start { Observable.combineLatest([xs, ys]) }
        #expect(res.events == [.next(220, [1, 2]), .next(230, [3, 2]), .completed(310)])
    }

    @Test func emptyCollectionEmitsTheSelectorsResultAndCompletes() {
        // RxSwift's CombineLatestCollectionTypeSink: resultSelector([]) then completed.
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.combineLatest([TestableObservable<Int>]()) { $0.count + 7 } }
        #expect(res.events == [.next(200, 7), .completed(200)])
        let res2 = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { Observable.combineLatest([TestableObservable<Int>]()) }
        #expect(res2.events == [.next(1100, []), .completed(1100)])
    }

    @Test func collectionFollowsTheSameCompletionRules() {
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.combineLatest([never, empty]) }
        #expect(res.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let empty2 = scheduler2.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let other = scheduler2.createHotObservable([.next(215, 2), .completed(220)])
        let res2 = scheduler2.start { Observable.combineLatest([empty2, other]) }
        #expect(res2.events == [.completed(215)])
        #expect(other.subscriptions == [Subscription(200, 215)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .error(310, testError)])
            _ = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
            _ = scheduler.start { Observable.combineLatest([xs, ys]) }
            _ = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) {
                Observable.combineLatest(Observable.just(1), Observable<Int>.never(), Observable.just(3)).map { $0.0 }
            }
        }
        #expect(delta == 0)
    }

    // A source that is an RxKit operator hands its sink over as the subscription (no SinkLink): the
    // combineLatest sink lets go of it when that source completes, while the other keeps running. The
    // probe lives in the map's closure, which only the map's producer holds: the producers are temporaries
    // here, so once the completed map sink (which holds its producer) is gone, so is the probe.
    @Test func aCompletedSourcesSinkIsReleasedWhileTheOtherSourceRuns() {
        final class Probe {}
        weak var weakProbe: Probe?
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        var results: [Int] = []
        var subscription: Disposable?
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = Observable.combineLatest(first.map { value in _ = probe; return value * 100 }, second) { $0 + $1 }
                .subscribe(onNext: { results.append($0) })
        }
        first.onNext(1)
        second.onNext(2)
        #expect(weakProbe != nil)
        first.onCompleted()
        #expect(weakProbe == nil, "the completed source's sink is still held")
        second.onNext(3)
        #expect(results == [102, 103])
        subscription?.dispose()
    }

    // The sinks take elements by address and keep them in raw slots (CombineLatest+Arity.swift); these pin
    // what RxSwift's serialised sink guarantees around that: an event sent from inside the observer is
    // handled after the current one, never nested, and every element a slot held is released.

    @Test func anElementSentFromInsideOnNextIsCombinedAfterTheCurrentOne() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(
            onNext: { value in
                log.append("begin \(value)")
                if value == 11 { a.onNext(2) }
                log.append("end \(value)")
            },
            onCompleted: { log.append("completed") }
        )
        a.onNext(1)
        b.onNext(10)
        #expect(log == ["begin 11", "end 11", "begin 12", "end 12"])
        subscription.dispose()
    }

    @Test func completionSentFromInsideOnNextArrivesAfterTheCurrentElement() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        var log: [String] = []
        _ = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(
            onNext: { value in
                log.append("next \(value)")
                a.onCompleted()
                b.onCompleted()
                log.append("after sends")
            },
            onCompleted: { log.append("completed") }
        )
        a.onNext(1)
        b.onNext(10)
        #expect(log == ["next 11", "after sends", "completed"])
    }

    @Test func eachSlotReleasesTheElementItReplacesAndTheLastOnesWhenTheSinkGoes() {
        final class Box {}
        weak var first: Box?
        weak var replacing: Box?
        weak var other: Box?
        var subscription: Disposable?
        var received = 0
        do {
            let a = PublishSubject<Box>(), b = PublishSubject<Box>()
            subscription = Observable.combineLatest(a, b) { _, _ in 1 }.subscribe(onNext: { received += $0 })
            do {
                let box1 = Box(), box2 = Box(), box3 = Box()
                first = box1
                other = box2
                replacing = box3
                a.onNext(box1)
                b.onNext(box2)
                a.onNext(box3)
            }
            #expect(first == nil)  // replaced in its slot
            #expect(replacing != nil && other != nil)  // the latest ones are held
        }
        subscription?.dispose()
        subscription = nil
        #expect(received == 2)
        #expect(replacing == nil && other == nil)
    }

    // RxSwift: `just` delivers its element and completion during `subscribe`, so a combineLatest whose
    // other sources are all `just`s emits as soon as the last source emits, and completes with it.
    @Test func justSourcesCombineWithEveryElementOfTheOthers() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = Observable.combineLatest(Observable.just(1), Observable.just(20), subject) { $0 + $1 + $2 }
            .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        subject.onNext(300)
        subject.onNext(4000)
        subject.onCompleted()
        #expect(log == ["next 321", "next 4021", "completed"])
        subscription.dispose()
    }

    // RxSwift: combineLatest of `just`s only emits the one combination and completes, inside `subscribe`.
    @Test func onlyJustSourcesEmitOnceAndCompleteDuringSubscribe() {
        var log: [String] = []
        _ = Observable.combineLatest(Observable.just(1), Observable.just(2)) { $0 * 10 + $1 }
            .subscribe(onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") })
        log.append("subscribed")
        #expect(log == ["next 12", "completed", "subscribed"])
    }

    // A `just` last source: its element is combined with the latest of the others once they have one.
    @Test func aJustLastSourceCombinesWithTheOthersLaterElements() {
        let subject = PublishSubject<Int>()
        var results: [Int] = []
        let subscription = Observable.combineLatest(subject, Observable.just(5)) { $0 * $1 }.subscribe(onNext: { results.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        #expect(results == [5, 10])
        subscription.dispose()
    }

    // The last source's events delivered as `Event`s, through `on(_:)` (a cold test observable calls its
    // observer's `on(_:)`), follow the same rules as any source's: combined once all have a value, and an
    // error ends it at once and disposes the sources.
    @Test func aLastSourceThatSendsEventsIsCombinedAndItsErrorEndsIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = BehaviorSubject(value: 100)
        let ys = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .error(30, testError)])
        let res = scheduler.start { Observable.combineLatest(first, ys) { $0 + $1 } }
        #expect(res.events == [.next(210, 101), .next(220, 102), .error(230, testError)])
        #expect(ys.subscriptions == [Subscription(200, 230)])
    }

    // RxSwift: combineLatest completes once every source has completed, here the first source after the
    // last one (whose events arrive through `on(_:)`).
    @Test func aLastSourceThatSendsEventsCompletesBeforeTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 10), .completed(250)])
        let ys = scheduler.createColdObservable([.next(5, 1), .completed(20)])
        let res = scheduler.start { Observable.combineLatest(xs, ys) { $0 + $1 } }
        #expect(res.events == [.next(210, 11), .completed(250)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }
}
