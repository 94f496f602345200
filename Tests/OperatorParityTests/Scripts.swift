import CombineKit
import RxKit
import Testing
import ParityTesting

/// The input scripts the parity rows share. Times are ticks; the harness subscribes at 200 and
/// disposes at 1000 (RxTest's defaults).
enum Scripts {
    /// Values after the subscription, then completion.
    static let plain = ParityScript<Int>.hot("plain values", .value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300))
    /// Completion right after the first value.
    static let earlyCompletion = ParityScript<Int>.hot("early completion", .value(210, 1), .finished(215))
    /// Values, then a failure.
    static let failure = ParityScript<Int>.hot("failure at 230", .value(210, 1), .value(220, 2), .failure(230, "boom"))
    /// Values before the subscription (missed), then more after it.
    static let lateSubscription = ParityScript<Int>.hot("late subscription", .value(150, 7), .value(190, 8), .value(210, 1), .value(220, 2), .finished(300))
    /// A cold script: every subscription gets it, relative to the subscription time.
    static let cold = ParityScript<Int>.cold("cold", .value(10, 1), .value(20, 2), .value(30, 3), .finished(40))
    /// Completes without a value.
    static let empty = ParityScript<Int>.hot("empty", .finished(250))
    /// Never terminates: the subscription is disposed at 1000.
    static let endless = ParityScript<Int>.hot("no completion", .value(210, 1), .value(220, 2))
    /// Bursts of values one tick apart with quiet gaps, for time operators.
    static let bursts = ParityScript<Int>.hot("rapid bursts", .value(210, 1), .value(211, 2), .value(212, 3), .value(250, 4), .value(251, 5), .value(300, 6), .finished(400))

    /// The scripts every single-input operator is run on.
    static let standard = [plain, earlyCompletion, failure, lateSubscription, cold, empty, endless]
}

extension Scripts {
    /// A second input for the two-input operators, interleaving with `plain`.
    static let other = ParityScript<Int>.hot("other", .value(215, 10), .value(235, 20), .finished(320))
    /// A second input that fails.
    static let otherFailing = ParityScript<Int>.hot("other failing at 225", .value(215, 10), .failure(225, "other boom"))
    /// A second input that completes before emitting.
    static let otherEmpty = ParityScript<Int>.hot("other empty", .finished(205))

    /// The pairs every two-input operator is run on.
    static let pairs: [(ParityScript<Int>, ParityScript<Int>)] = [
        (plain, other), (earlyCompletion, other), (failure, other), (lateSubscription, other),
        (plain, otherFailing), (plain, otherEmpty), (cold, other),
    ]

    /// A cold inner source for the flattening operators: three values 5 ticks apart, then completion.
    static let inner = ParityScript<Int>.cold("inner", .value(5, 100), .value(10, 200), .value(15, 300), .finished(20))
    /// The outer inputs for the flattening operators (values closer together than the inner lasts).
    static let outers = [
        ParityScript<Int>.hot("outer overlapping", .value(210, 1), .value(217, 2), .value(240, 3), .finished(300)),
        ParityScript<Int>.hot("outer completes early", .value(210, 1), .finished(212)),
        ParityScript<Int>.hot("outer fails", .value(210, 1), .failure(213, "outer boom")),
        ParityScript<Int>.hot("outer late", .value(150, 9), .value(210, 1), .finished(300)),
    ]
}


extension Parity {
    /// Runs every script; each is expected to agree unless `declared` names it (by script name).
    func expectEach<Output: Equatable, P: Publisher>(
        _ scripts: [ParityScript<Int>],
        rx: @escaping (Observable<Int>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<Int, ParityError>) -> P,
        declared: [String: ParityExpectation<Output>] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) where P.Output == Output {
        for script in scripts {
            expect(script, rx: rx, combine: combine, declared[script.name] ?? .same, sourceLocation: sourceLocation)
        }
        for name in declared.keys where !scripts.contains(where: { $0.name == name }) {
            Issue.record("A declaration names script \"\(name)\", which was not run", sourceLocation: sourceLocation)
        }
    }

    /// Runs every pair; each is expected to agree unless `declared` names it (`"a + b"`).
    func expectEachPair<Output: Equatable, P: Publisher>(
        _ pairs: [(ParityScript<Int>, ParityScript<Int>)],
        rx: @escaping (Observable<Int>, Observable<Int>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<Int, ParityError>, AnyPublisher<Int, ParityError>) -> P,
        declared: [String: ParityExpectation<Output>] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) where P.Output == Output {
        for (a, b) in pairs {
            expect(a, b, rx: rx, combine: combine, declared["\(a.name) + \(b.name)"] ?? .same, sourceLocation: sourceLocation)
        }
        for name in declared.keys where !pairs.contains(where: { "\($0.0.name) + \($0.1.name)" == name }) {
            Issue.record("A declaration names pair \"\(name)\", which was not run", sourceLocation: sourceLocation)
        }
    }
}
