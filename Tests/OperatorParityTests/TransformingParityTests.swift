import CombineKit
import ParityTesting
import RxKit
import Testing

/// Transforming rows of the migration table.
@Suite struct TransformingParityTests {
    // ReactiveX "Map" / Apple `Publisher.map(_:)`: one output per input, same time; terminal events pass.
    @Test func map() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.map { $0 * 10 } }, combine: { $0.map { $0 * 10 } },
                      .same(as: [.value(210, 10), .value(220, 20), .value(230, 30), .value(240, 20), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.map { $0 * 10 } }, combine: { $0.map { $0 * 10 } })
        }
    }

    // RxSwift `compactMap` / Apple `compactMap(_:)`: nil results are dropped.
    @Test func compactMap() {
        let parity = Parity()
        let keepOdd: (Int) -> Int? = { $0 % 2 == 1 ? $0 : nil }
        parity.expect(Scripts.plain, rx: { $0.compactMap(keepOdd) }, combine: { $0.compactMap(keepOdd) },
                      .same(as: [.value(210, 1), .value(230, 3), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.compactMap(keepOdd) }, combine: { $0.compactMap(keepOdd) })
        }
    }

    // ReactiveX "Scan" / Apple `scan(_:_:)`: each accumulation is emitted; the seed is not.
    @Test func scan() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.scan(0, accumulator: +) }, combine: { $0.scan(0, +) },
                      .same(as: [.value(210, 1), .value(220, 3), .value(230, 6), .value(240, 8), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.scan(0, accumulator: +) }, combine: { $0.scan(0, +) })
        }
    }

    // ReactiveX "Reduce" / Apple `reduce(_:_:)`: one value at completion; an empty source yields the seed.
    @Test func reduce() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.reduce(0, accumulator: +) }, combine: { $0.reduce(0, +) },
                      .same(as: [.value(300, 8), .finished(300)]))
        parity.expect(Scripts.empty, rx: { $0.reduce(0, accumulator: +) }, combine: { $0.reduce(0, +) },
                      .same(as: [.value(250, 0), .finished(250)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.reduce(0, accumulator: +) }, combine: { $0.reduce(0, +) })
        }
    }

    // RxSwift `toArray` (a Single) / Apple `collect()`: all values in one array at completion.
    @Test func toArray() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.toArray().asObservable() }, combine: { $0.collect() },
                      .same(as: [.value(300, [1, 2, 3, 2]), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.toArray().asObservable() }, combine: { $0.collect() })
        }
    }

    // ReactiveX "StartWith" / Apple `prepend(_:)`: the values come first, at subscription time.
    @Test func startWith() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.startWith(-1, 0) }, combine: { $0.prepend(-1, 0) },
                      .same(as: [.value(200, -1), .value(200, 0), .value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.startWith(-1, 0) }, combine: { $0.prepend(-1, 0) })
        }
    }

    // RxSwift `buffer(timeSpan:count:scheduler:)` emits a buffer at every time span, empty or not, and the
    // (possibly empty) buffer at completion (RxSwift Buffer.swift: the timer always emits). Apple's
    // `collect(.byTimeOrCount(_:_:_:))` "sends an array that contains the items it collected" at the end
    // of each interval and on finish sends what it received: CombineKit sends no empty arrays.
    @Test func buffer() {
        let parity = Parity()
        let reason = "Rx buffer emits empty buffers on every time span and at completion; Combine collect(.byTimeOrCount) emits only non-empty arrays"
        parity.expectEach([Scripts.bursts, Scripts.plain, Scripts.failure, Scripts.empty],
                          rx: { $0.buffer(timeSpan: .seconds(20), count: 2, scheduler: parity.rxScheduler) },
                          combine: { $0.collect(.byTimeOrCount(parity.combineScheduler, .seconds(20), 2)) },
                          declared: [
                              "rapid bursts": .difference(reason,
                                  rx: [.value(211, [1, 2]), .value(231, [3]), .value(251, [4, 5]), .value(271, []), .value(291, []), .value(311, [6]),
                                       .value(331, []), .value(351, []), .value(371, []), .value(391, []), .value(400, []), .finished(400)],
                                  combine: [.value(211, [1, 2]), .value(231, [3]), .value(251, [4, 5]), .value(311, [6]), .finished(400)]),
                              "plain values": .difference(reason,
                                  rx: [.value(220, [1, 2]), .value(240, [3, 2]), .value(260, []), .value(280, []), .value(300, []), .finished(300)],
                                  combine: [.value(220, [1, 2]), .value(240, [3, 2]), .finished(300)]),
                              "empty": .difference(reason,
                                  rx: [.value(220, []), .value(240, []), .value(250, []), .finished(250)],
                                  combine: [.finished(250)]),
                          ])
    }
}
