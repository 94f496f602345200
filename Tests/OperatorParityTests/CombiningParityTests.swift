import CombineKit
import ParityTesting
import RxKit
import Testing

/// Combining and flattening rows of the migration table.
@Suite struct CombiningParityTests {
    // ReactiveX "Merge" / Apple `merge(with:)`: interleaved; completes when all complete, fails on the first failure.
    @Test func merge() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { Observable.merge($0, $1) }, combine: { $0.merge(with: $1) },
                      .same(as: [.value(210, 1), .value(215, 10), .value(220, 2), .value(230, 3), .value(235, 20), .value(240, 2), .finished(320)]))
        for (a, b) in Scripts.pairs {
            parity.expect(a, b, rx: { Observable.merge($0, $1) }, combine: { $0.merge(with: $1) })
        }
    }

    // RxSwift zip completes when *every* source has completed (RxSwift Zip.swift `done(_:)`: only when all
    // are done); Apple: "If either upstream publisher finishes successfully or fails with an error, so too
    // does the zipped publisher" (Publishers.Zip) — once the finished side has nothing left to pair.
    @Test func zip() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { Observable.zip($0, $1) { "\($0)-\($1)" } }, combine: { $0.zip($1) { "\($0)-\($1)" } },
                      .same(as: [.value(215, "1-10"), .value(235, "2-20"), .finished(320)]))
        let reason = "Rx zip completes only when all sources have completed; Combine zip finishes as soon as a finished upstream has no buffered value left"
        parity.expectEachPair(Scripts.pairs, rx: { Observable.zip($0, $1) { "\($0)-\($1)" } }, combine: { $0.zip($1) { "\($0)-\($1)" } },
                              declared: [
                                  "early completion + other": .difference(reason, rx: [.value(215, "1-10"), .finished(320)],
                                                                          combine: [.value(215, "1-10"), .finished(215)]),
                                  "late subscription + other": .difference(reason, rx: [.value(215, "1-10"), .value(235, "2-20"), .finished(320)],
                                                                           combine: [.value(215, "1-10"), .value(235, "2-20"), .finished(300)]),
                                  "plain values + other empty": .difference(reason, rx: [.finished(300)], combine: [.finished(205)]),
                              ])
    }

    // ReactiveX "CombineLatest" / Apple `combineLatest(_:_:)`: first output once both have a value.
    // A source that completes without a value: RxSwift (CombineLatest.swift) completes when another source
    // next emits and all others are done; Apple's Combine finishes only when every upstream has finished
    // (OpenCombine CombineLatestTests.testImmediateFinishWhenOneChildFinishesWithNoSurplus and
    // testBValueAfterAChildFinishedWithoutSurplus, run against Combine), and so does CombineKit.
    @Test func combineLatest() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { Observable.combineLatest($0, $1) { "\($0)-\($1)" } }, combine: { $0.combineLatest($1) { "\($0)-\($1)" } },
                      .same(as: [.value(215, "1-10"), .value(220, "2-10"), .value(230, "3-10"), .value(235, "3-20"), .value(240, "2-20"), .finished(320)]))
        parity.expectEachPair(Scripts.pairs, rx: { Observable.combineLatest($0, $1) { "\($0)-\($1)" } }, combine: { $0.combineLatest($1) { "\($0)-\($1)" } },
                              declared: [
                                  "plain values + other empty": .difference(
                                      "a source that completes empty: Rx completes at the next value of another source, Combine when every source has finished",
                                      rx: [.finished(210)], combine: [.finished(300)]),
                              ])
    }

    // ReactiveX "Concat" / Apple `append(_:)`: the second is subscribed when the first completes.
    @Test func concat() {
        let parity = Parity()
        parity.expect(Scripts.earlyCompletion, Scripts.cold, rx: { $0.concat($1) }, combine: { $0.append($1) },
                      .same(as: ParityTimeline([.value(210, 1), .value(225, 1), .value(235, 2), .value(245, 3), .finished(255)]).subscribed([200], [215])))
        for a in Scripts.standard {
            parity.expect(a, Scripts.cold, rx: { $0.concat($1) }, combine: { $0.append($1) })
        }
    }

    // ReactiveX "FlatMap" / Apple `flatMap(maxPublishers: .unlimited, _:)`: every inner runs concurrently.
    @Test func flatMap() {
        let parity = Parity()
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.flatMap { v in inner.map { v * 1000 + $0 } } },
                          combine: { outer, inner in outer.flatMap { v in inner.map { v * 1000 + $0 } } })
        }
    }

    // RxSwift `flatMapLatest` / Apple `map(_:)` + `switchToLatest()`: a new outer value cancels the previous inner.
    @Test func flatMapLatest() {
        let parity = Parity()
        parity.expect(Scripts.outers[0], Scripts.inner,
                      rx: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.map { v in inner.map { v * 1000 + $0 } }.switchToLatest() },
                      .same(as: ParityTimeline([.value(215, 1100), .value(222, 2100), .value(227, 2200), .value(232, 2300),
                                                .value(245, 3100), .value(250, 3200), .value(255, 3300), .finished(300)])
                                .subscribed([200], [210, 217, 240])))
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } },
                          combine: { outer, inner in outer.map { v in inner.map { v * 1000 + $0 } }.switchToLatest() })
        }
    }

    // ReactiveX "Switch" / Apple `switchToLatest()`.
    @Test func switchLatest() {
        let parity = Parity()
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.map { v in inner.map { v * 1000 + $0 } }.switchLatest() },
                          combine: { outer, inner in outer.map { v in inner.map { v * 1000 + $0 } }.switchToLatest() })
        }
    }

    // RxSwift `concatMap` (queues outer values) / Apple `flatMap(maxPublishers: .max(1), _:)` (demands one
    // outer value at a time; a subject-like upstream drops what arrives without demand — Apple's
    // PassthroughSubject docs: "drops values if there are no subscribers, or its current demand is zero").
    @Test func concatMap() {
        let parity = Parity()
        let overlapping = Scripts.outers[0]
        parity.expect(overlapping, Scripts.inner,
                      rx: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.flatMap(maxPublishers: .max(1)) { v in inner.map { v * 1000 + $0 } } },
                      .difference("concatMap queues outer values that arrive while an inner is active; flatMap(maxPublishers: .max(1)) only demands one outer value at a time, so a hot (subject-like) upstream drops the value sent at 217",
                                  rx: ParityTimeline([.value(215, 1100), .value(220, 1200), .value(225, 1300), .value(235, 2100), .value(240, 2200),
                                                      .value(245, 2300), .value(255, 3100), .value(260, 3200), .value(265, 3300), .finished(300)])
                                      .subscribed([200], [210, 230, 250]),
                                  combine: ParityTimeline([.value(215, 1100), .value(220, 1200), .value(225, 1300),
                                                           .value(245, 3100), .value(250, 3200), .value(255, 3300), .finished(300)])
                                      .subscribed([200], [210, 240])))
        // A cold outer buffers until demanded, so there the two agree.
        let coldOuter = ParityScript<Int>.cold("cold outer", .value(10, 1), .value(12, 2), .finished(14))
        parity.expect(coldOuter, Scripts.inner,
                      rx: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.flatMap(maxPublishers: .max(1)) { v in inner.map { v * 1000 + $0 } } })
    }

    // RxSwift `catchAndReturn` / Apple `replaceError(with:)`: the failure becomes one value and completion.
    @Test func catchAndReturn() {
        let parity = Parity()
        parity.expect(Scripts.failure, rx: { $0.catchAndReturn(-1) }, combine: { $0.replaceError(with: -1) },
                      .same(as: [.value(210, 1), .value(220, 2), .value(230, -1), .finished(230)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.catchAndReturn(-1) }, combine: { $0.replaceError(with: -1) })
        }
    }
}
