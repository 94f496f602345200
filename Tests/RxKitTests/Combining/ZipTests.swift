import RxKit
import RxKitTest
import Testing

fileprivate func sum(_ values: Int...) -> Int { values.reduce(0, +) }

/// Runs one zip form of arity `n` (built by `build` from n sources) through three scenarios: values and
/// completion, an upstream error, and disposal; each checks every source's subscriptions.
/// Sources: s_i emits i at 210+i and 10*i at 250+i; s_i completes at 400+i (or s_n fails at 300).
fileprivate func checkZip(arity n: Int, _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>) {
    let total = (1...n).reduce(0, +)
    func sources(_ scheduler: TestScheduler, failing: Bool) -> [TestableObservable<Int>] {
        (1...n).map { i in
            scheduler.createHotObservable([
                .next(210 + i, i), .next(250 + i, 10 * i),
                failing && i == n ? .error(300, testError) : .completed(400 + i),
            ])
        }
    }

    // Values pair up by index; completes once every source has completed.
    let scheduler = TestScheduler(initialClock: 0)
    let xs = sources(scheduler, failing: false)
    let res = scheduler.start { build(xs) }
    #expect(res.events == [.next(210 + n, total), .next(250 + n, 10 * total), .completed(400 + n)], "arity \(n)")
    for (index, source) in xs.enumerated() {
        #expect(source.subscriptions == [Subscription(200, 401 + index)], "arity \(n), source \(index + 1)")
    }

    // An error from any source ends it at once and disposes every source.
    let scheduler2 = TestScheduler(initialClock: 0)
    let ys = sources(scheduler2, failing: true)
    let res2 = scheduler2.start { build(ys) }
    #expect(res2.events == [.next(210 + n, total), .next(250 + n, 10 * total), .error(300, testError)], "arity \(n)")
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

/// A result selector that throws (on s1's second element, 10) ends the sequence at once.
fileprivate func checkZipThrowingSelector(arity n: Int, _ build: @escaping ([TestableObservable<Int>]) -> Observable<Int>) {
    let scheduler = TestScheduler(initialClock: 0)
    let xs = (1...n).map { i in
        scheduler.createHotObservable([.next(210 + i, i), .next(250 + i, 10 * i), .completed(400)])
    }
    let res = scheduler.start { build(xs) }
    #expect(res.events == [.next(210 + n, (1...n).reduce(0, +)), .error(250 + n, testError)], "arity \(n)")
    for source in xs {
        #expect(source.subscriptions == [Subscription(200, 250 + n)], "arity \(n)")
    }
}

fileprivate func failOn10(_ first: Int) throws -> Int {
    if first == 10 { throw testError }
    return first
}

@Suite struct ZipTests {
    // MARK: RxSwift's completion rules, pinned at arity 2

    @Test func pairsElementsByIndexAndCompletesWhenAllSourcesHaveCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(235, 20), .completed(250)])
        let res = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
        // xs's 3 never gets a partner; RxSwift 5+ completes only when every source has completed (#1666).
        #expect(res.events == [.next(215, 11), .next(235, 22), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
        #expect(ys.subscriptions == [Subscription(200, 250)])
    }

    @Test func aCompletedSourceWithAnEmptyBufferDoesNotCompleteWhileAnotherRuns() {
        // RxSwift testZip_NeverEmpty / testZip_EmptyNonEmpty.
        let scheduler = TestScheduler(initialClock: 0)
        let never = scheduler.createHotObservable([.next(150, 1)])
        let empty = scheduler.createHotObservable([.next(150, 1), .completed(210)])
        let res = scheduler.start { Observable.zip(never, empty) { $0 + $1 } }
        #expect(res.events == [])
        #expect(never.subscriptions == [Subscription(200, 1000)])
        #expect(empty.subscriptions == [Subscription(200, 210)])

        let scheduler2 = TestScheduler(initialClock: 0)
        let empty2 = scheduler2.createHotObservable([.completed(210)] as [Recorded<Event<Int>>])
        let other = scheduler2.createHotObservable([.next(215, 2), .completed(220)])
        let res2 = scheduler2.start { Observable.zip(empty2, other).map { $0 + $1 } }
        #expect(res2.events == [.completed(220)])
        #expect(empty2.subscriptions == [Subscription(200, 210)])
        #expect(other.subscriptions == [Subscription(200, 220)])
    }

    @Test func anErrorBeforeAnyPairEndsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let ys = scheduler.createHotObservable([.error(220, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { Observable.zip(xs, ys).map { $0 + $1 } }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
        #expect(ys.subscriptions == [Subscription(200, 220)])
    }

    // MARK: Every arity, with and without resultSelector

    @Test func arity2() {
        checkZip(arity: 2) { s in Observable.zip(s[0], s[1]) { sum($0, $1) } }
        checkZip(arity: 2) { s in Observable.zip(s[0], s[1]).map { sum($0.0, $0.1) } }
        checkZipThrowingSelector(arity: 2) { s in Observable.zip(s[0], s[1]) { try failOn10($0) + $1 } }
    }

    @Test func arity3() {
        checkZip(arity: 3) { s in Observable.zip(s[0], s[1], s[2]) { sum($0, $1, $2) } }
        checkZip(arity: 3) { s in Observable.zip(s[0], s[1], s[2]).map { sum($0.0, $0.1, $0.2) } }
        checkZipThrowingSelector(arity: 3) { s in Observable.zip(s[0], s[1], s[2]) { try sum(failOn10($0), $1, $2) } }
    }

    @Test func arity4() {
        checkZip(arity: 4) { s in Observable.zip(s[0], s[1], s[2], s[3]) { sum($0, $1, $2, $3) } }
        checkZip(arity: 4) { s in Observable.zip(s[0], s[1], s[2], s[3]).map { sum($0.0, $0.1, $0.2, $0.3) } }
        checkZipThrowingSelector(arity: 4) { s in Observable.zip(s[0], s[1], s[2], s[3]) { try sum(failOn10($0), $1, $2, $3) } }
    }

    @Test func arity5() {
        checkZip(arity: 5) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]) { sum($0, $1, $2, $3, $4) } }
        checkZip(arity: 5) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4]).map { sum($0.0, $0.1, $0.2, $0.3, $0.4) } }
        checkZipThrowingSelector(arity: 5) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4]) { try sum(failOn10($0), $1, $2, $3, $4) }
        }
    }

    @Test func arity6() {
        checkZip(arity: 6) { s in Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { sum($0, $1, $2, $3, $4, $5) } }
        checkZip(arity: 6) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5) }
        }
        checkZipThrowingSelector(arity: 6) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5]) { try sum(failOn10($0), $1, $2, $3, $4, $5) }
        }
    }

    @Test func arity7() {
        checkZip(arity: 7) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { sum($0, $1, $2, $3, $4, $5, $6) }
        }
        checkZip(arity: 7) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6) }
        }
        checkZipThrowingSelector(arity: 7) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]) { try sum(failOn10($0), $1, $2, $3, $4, $5, $6) }
        }
    }

    @Test func arity8() {
        checkZip(arity: 8) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { sum($0, $1, $2, $3, $4, $5, $6, $7) }
        }
        checkZip(arity: 8) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .map { sum($0.0, $0.1, $0.2, $0.3, $0.4, $0.5, $0.6, $0.7) }
        }
        checkZipThrowingSelector(arity: 8) { s in
            Observable.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]) { try sum(failOn10($0), $1, $2, $3, $4, $5, $6, $7) }
        }
    }

    @Test func mixesElementTypes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(215, 2), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, "a"), .completed(300)])
        let res = scheduler.start { Observable.zip(xs, ys) { "\($0)\($1)" } }
        #expect(res.events == [.next(220, "1a"), .completed(300)])
    }

    // MARK: Collection forms

    @Test func collectionWithSelectorZips() {
        checkZip(arity: 3) { s in Observable.zip(s) { $0.reduce(0, +) } }
        checkZipThrowingSelector(arity: 3) { s in Observable.zip(s) { try failOn10($0[0]) + $0[1] + $0[2] } }
    }

    @Test func collectionWithoutSelectorEmitsArrays() {
        checkZip(arity: 4) { s in Observable.zip(s).map { $0.reduce(0, +) } }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 3), .completed(300)])
        let ys = scheduler.createHotObservable([.next(220, 2), .next(240, 4), .completed(310)])
        let res = scheduler.start { Observable.zip([xs, ys]) }
        #expect(res.events == [.next(220, [1, 2]), .next(240, [3, 4]), .completed(310)])
    }

    @Test func collectionAlsoCompletesOnAnElementThatCanNeverBePaired() {
        // RxSwift's ZipCollectionTypeSink (unlike the arity forms) completes when a source sends an element
        // while every other source has completed and not all buffers can pair.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(240, 20), .next(250, 30), .completed(300)])
        let res = scheduler.start { Observable.zip([xs, ys]) }
        #expect(res.events == [.next(215, [1, 10]), .next(240, [2, 20]), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(200, 250)])

        // The same timeline through the arity form completes only when ys completes.
        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys2 = scheduler2.createHotObservable([.next(215, 10), .next(240, 20), .next(250, 30), .completed(300)])
        let res2 = scheduler2.start { Observable.zip(xs2, ys2) { $0 + $1 } }
        #expect(res2.events == [.next(215, 11), .next(240, 22), .completed(300)])
        #expect(ys2.subscriptions == [Subscription(200, 300)])
    }

    @Test func emptyCollectionCompletesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.zip([TestableObservable<Int>]()) }
        #expect(res.events == [.completed(200)])
        let res2 = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) { Observable.zip([TestableObservable<Int>]()) { $0.count } }
        #expect(res2.events == [.completed(1100)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
            let ys = scheduler.createHotObservable([.next(220, 2), .error(310, testError)])
            _ = scheduler.start { Observable.zip(xs, ys) { $0 + $1 } }
            _ = scheduler.start { Observable.zip([xs, ys]) }
            _ = scheduler.start(created: 1000, subscribed: 1100, disposed: 1200) {
                Observable.zip(Observable.just(1), Observable<Int>.never(), Observable.just(3)).map { $0.0 }
            }
        }
        #expect(delta == 0)
    }
}
