import CombineKit
import ParityTesting
import RxKit
import Testing

/// Filtering rows of the migration table.
@Suite struct FilteringParityTests {
    // ReactiveX "Filter" / Apple `filter(_:)`.
    @Test func filter() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.filter { $0 > 1 } }, combine: { $0.filter { $0 > 1 } },
                      .same(as: [.value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.filter { $0 > 1 } }, combine: { $0.filter { $0 > 1 } })
        }
    }

    // ReactiveX "Distinct" (until changed) / Apple `removeDuplicates()`: only consecutive repeats drop.
    @Test func distinctUntilChanged() {
        let parity = Parity()
        let repeats = ParityScript<Int>.hot("repeats", .value(210, 1), .value(220, 1), .value(230, 2), .value(240, 1), .finished(300))
        parity.expect(repeats, rx: { $0.distinctUntilChanged() }, combine: { $0.removeDuplicates() },
                      .same(as: [.value(210, 1), .value(230, 2), .value(240, 1), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.distinctUntilChanged() }, combine: { $0.removeDuplicates() })
        }
    }

    // ReactiveX "Take" / Apple `prefix(_:)`: completes right after the n-th value.
    @Test func take() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.take(2) }, combine: { $0.prefix(2) },
                      .same(as: [.value(210, 1), .value(220, 2), .finished(220)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.take(2) }, combine: { $0.prefix(2) })
        }
    }

    // ReactiveX "Skip" / Apple `dropFirst(_:)`.
    @Test func skip() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.skip(2) }, combine: { $0.dropFirst(2) },
                      .same(as: [.value(230, 3), .value(240, 2), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.skip(2) }, combine: { $0.dropFirst(2) })
        }
    }

    // RxSwift `take(while:)` / Apple `prefix(while:)`: completes on the first failing value.
    @Test func takeWhile() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.take(while: { $0 < 3 }) }, combine: { $0.prefix(while: { $0 < 3 }) },
                      .same(as: [.value(210, 1), .value(220, 2), .finished(230)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.take(while: { $0 < 3 }) }, combine: { $0.prefix(while: { $0 < 3 }) })
        }
    }

    // RxSwift `skip(while:)` / Apple `drop(while:)`.
    @Test func skipWhile() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.skip(while: { $0 < 2 }) }, combine: { $0.drop(while: { $0 < 2 }) },
                      .same(as: [.value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.skip(while: { $0 < 2 }) }, combine: { $0.drop(while: { $0 < 2 }) })
        }
    }

    // RxSwift `take(until:)` / Apple `prefix(untilOutputFrom:)`: completes at the other's first value.
    @Test func takeUntil() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { $0.take(until: $1) }, combine: { $0.prefix(untilOutputFrom: $1) },
                      .same(as: [.value(210, 1), .finished(215)]))
        for (a, b) in Scripts.pairs {
            parity.expect(a, b, rx: { $0.take(until: $1) }, combine: { $0.prefix(untilOutputFrom: $1) })
        }
    }

    // RxSwift `skip(until:)` forwards the source's completion only once the other has emitted (RxSwift
    // SkipUntil.swift: `.completed` is forwarded only when elements are being forwarded); Apple's
    // `drop(untilOutputFrom:)` only ignores *elements*, so the upstream's finish always passes, and an other
    // that finishes before emitting finishes the stream (OpenCombine's
    // DropUntilOutputTests.testOtherCompletesBeforeTriggering).
    @Test func skipUntil() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { $0.skip(until: $1) }, combine: { $0.drop(untilOutputFrom: $1) },
                      .same(as: [.value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        let reason = "Rx skip(until:) swallows the source's completion while the other has not emitted; Combine drop(untilOutputFrom:) forwards it"
        parity.expectEachPair(Scripts.pairs, rx: { $0.skip(until: $1) }, combine: { $0.drop(untilOutputFrom: $1) },
                              declared: [
                                  "early completion + other": .difference(reason, rx: [], combine: [.finished(215)]),
                                  "plain values + other empty": .difference(reason, rx: [], combine: [.finished(205)]),
                              ])
    }

    // RxSwift `element(at:)` fails with `RxError.argumentOutOfRange` when the source completes first
    // (RxSwift docs: "throws an error if the index is out of range"); Apple's `output(at:)` just finishes.
    @Test func elementAt() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.element(at: 1) }, combine: { $0.output(at: 1) },
                      .same(as: [.value(220, 2), .finished(220)]))
        let reason = "Rx element(at:) fails with argumentOutOfRange when the source is too short; Combine output(at:) finishes"
        parity.expectEach(Scripts.standard, rx: { $0.element(at: 1) }, combine: { $0.output(at: 1) },
                          declared: [
                              "early completion": .difference(reason, rx: [.failure(215, "Argument out of range.")], combine: [.finished(215)]),
                              "empty": .difference(reason, rx: [.failure(250, "Argument out of range.")], combine: [.finished(250)]),
                          ])
    }

    // ReactiveX "IgnoreElements" / Apple `ignoreOutput()`: only the terminal event passes.
    @Test func ignoreElements() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Never> = { $0.ignoreElements() }
        let combine: (AnyPublisher<Int, ParityError>) -> Publishers.IgnoreOutput<AnyPublisher<Int, ParityError>> = { $0.ignoreOutput() }
        parity.expect(Scripts.plain, rx: rx, combine: combine, .same(as: [.finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: rx, combine: combine)
        }
    }

    // RxSwift `takeLast(1)` / Apple `last()`: the last value at completion.
    @Test func takeLast() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.takeLast(1) }, combine: { $0.last() },
                      .same(as: [.value(300, 2), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.takeLast(1) }, combine: { $0.last() })
        }
    }

    // RxSwift `ifEmpty(default:)` / Apple `replaceEmpty(with:)`: the default at completion of an empty source.
    @Test func ifEmptyDefault() {
        let parity = Parity()
        parity.expect(Scripts.empty, rx: { $0.ifEmpty(default: -1) }, combine: { $0.replaceEmpty(with: -1) },
                      .same(as: [.value(250, -1), .finished(250)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.ifEmpty(default: -1) }, combine: { $0.replaceEmpty(with: -1) })
        }
    }
}
