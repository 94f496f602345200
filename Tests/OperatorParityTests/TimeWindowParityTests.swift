import CombineKit
import Foundation
import ParityTesting
import RxKit
import Testing

/// Rows whose Combine side is built from a one-shot timer on the scheduler (`Just` + `delay`), and
/// `decode`. Apple's periodic `Timer.publish` runs on a RunLoop in wall-clock time and has no
/// virtual-time counterpart, so `interval` stays without a parity test.
@Suite struct TimeWindowParityTests {
    // RxSwift `take(for:scheduler:)` "takes elements for the specified duration from the start" / Apple
    // `prefix(untilOutputFrom:)` a one-shot timer: "republishes elements until another publisher emits".
    @Test func takeForDuration() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Int> = { $0.take(for: .seconds(25), scheduler: parity.rxScheduler) }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = {
            $0.prefix(untilOutputFrom: Just(()).delay(for: .seconds(25), scheduler: parity.combineScheduler)).eraseToAnyPublisher()
        }
        parity.expect(Scripts.plain, rx: rx, combine: combine, .same(as: [.value(210, 1), .value(220, 2), .finished(225)]))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: combine)
    }

    // RxSwift `skip(_:scheduler:)` "skips elements for the specified duration from the start"; terminal
    // events pass at any time / Apple `drop(untilOutputFrom:)` a one-shot timer ("ignores elements from
    // the upstream publisher until it receives an element from a second publisher").
    @Test func skipForDuration() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Int> = { $0.skip(.seconds(15), scheduler: parity.rxScheduler) }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = {
            $0.drop(untilOutputFrom: Just(()).delay(for: .seconds(15), scheduler: parity.combineScheduler).setFailureType(to: ParityError.self))
                .eraseToAnyPublisher()
        }
        parity.expect(Scripts.plain, rx: rx, combine: combine, .same(as: [.value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: combine)
    }

    // RxSwift `Observable.timer(_:scheduler:)` without a period produces one value after the due time, then
    // completes / Apple: `Just(_:)` + `delay(for:scheduler:)` ("the delay affects the delivery of elements
    // and completion"). Run as the inner of a `flatMap`.
    @Test func timer() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Int> = { input in
            input.flatMap { value in Observable<Int>.timer(.seconds(5), scheduler: parity.rxScheduler).map { _ in value } }
        }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = { input in
            input.flatMap { value in Just(value).delay(for: .seconds(5), scheduler: parity.combineScheduler).setFailureType(to: ParityError.self) }
                .eraseToAnyPublisher()
        }
        parity.expect(Scripts.plain, rx: rx, combine: combine,
                      .same(as: [.value(215, 1), .value(225, 2), .value(235, 3), .value(245, 2), .finished(300)]))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: combine)
    }

    // RxSwift `decode(type:decoder:)` / Apple `decode(type:decoder:)`: each `Data` element decoded; a
    // decoding error ends the stream with that error. The value 3 is sent as invalid JSON.
    @Test func decode() {
        let parity = Parity()
        let data: (Int) -> Data = { $0 == 3 ? Data("not json".utf8) : Data("[\($0)]".utf8) }
        let rx: (Observable<Int>) -> Observable<[Int]> = { $0.map(data).decode(type: [Int].self, decoder: JSONDecoder()) }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<[Int], Error> = {
            $0.map(data).decode(type: [Int].self, decoder: JSONDecoder()).eraseToAnyPublisher()
        }
        parity.expect(Scripts.earlyCompletion, rx: rx, combine: combine, .same(as: [.value(210, [1]), .finished(215)]))
        // The decoding error's text is the decoder's; both sides must fail at 230, after [1] and [2].
        let report = parity.expect(Scripts.plain, rx: rx, combine: combine)
        #expect(Array(report.rx.records.prefix(2)) == [.value(210, [1]), .value(220, [2])])
        #expect(report.rx.records.count == 3 && report.rx.records.last?.time == 230 && report.rx.records.last?.kind != .finished,
                "fails at 230 on the invalid element: \(report.rx)")
        parity.expectEach(Scripts.standard, rx: rx, combine: combine)
    }
}
