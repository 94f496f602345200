import CombineKit
import ParityTesting
import RxKit
import Testing

/// Creation rows of the migration table. Each factory is used as the inner source of a `flatMap` over a
/// timed input, so the test shows what it emits and when, inside a real pipeline.
@Suite struct CreationParityTests {
    // ReactiveX "Just" / Apple `Just`: one value, then completion, synchronously on subscription.
    @Test func just() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.flatMap { Observable.just($0 * 10) } },
                      combine: { $0.flatMap { Just($0 * 10).setFailureType(to: ParityError.self) } },
                      .same(as: [.value(210, 10), .value(220, 20), .value(230, 30), .value(240, 20), .finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { Observable.just($0 * 10) } },
                          combine: { $0.flatMap { Just($0 * 10).setFailureType(to: ParityError.self) } })
        }
    }

    // ReactiveX "Empty" / Apple `Empty()`: completes at once without a value.
    @Test func empty() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.flatMap { _ in Observable<Int>.empty() } },
                      combine: { $0.flatMap { _ in Empty<Int, ParityError>() } },
                      .same(as: [.finished(300)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { _ in Observable<Int>.empty() } },
                          combine: { $0.flatMap { _ in Empty<Int, ParityError>() } })
        }
    }

    // ReactiveX "Never" / Apple `Empty(completeImmediately: false)`: no event at all.
    @Test func never() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.flatMap { _ in Observable<Int>.never() } },
                      combine: { $0.flatMap { _ in Empty<Int, ParityError>(completeImmediately: false) } },
                      .same(as: []))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { _ in Observable<Int>.never() } },
                          combine: { $0.flatMap { _ in Empty<Int, ParityError>(completeImmediately: false) } })
        }
    }

    // ReactiveX "Throw" (`Observable.error`) / Apple `Fail(error:)`: fails at once.
    @Test func error() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.flatMap { _ in Observable<Int>.error(ParityError("inner")) } },
                      combine: { $0.flatMap { _ in Fail<Int, ParityError>(error: "inner") } },
                      .same(as: [.failure(210, "inner")]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { _ in Observable<Int>.error(ParityError("inner")) } },
                          combine: { $0.flatMap { _ in Fail<Int, ParityError>(error: "inner") } })
        }
    }

    // ReactiveX "From" (`Observable.from`, `of`) / Apple `Sequence.publisher`: the elements in order, then completion.
    @Test func from() {
        let parity = Parity()
        parity.expect(Scripts.earlyCompletion, rx: { $0.flatMap { Observable.from([$0, $0 + 1]) } },
                      combine: { $0.flatMap { [$0, $0 + 1].publisher.setFailureType(to: ParityError.self) } },
                      .same(as: [.value(210, 1), .value(210, 2), .finished(215)]))
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { Observable.of($0, $0 + 1) } },
                          combine: { $0.flatMap { [$0, $0 + 1].publisher.setFailureType(to: ParityError.self) } })
        }
    }

    // ReactiveX "Range" / Apple `(start..<start+count).publisher`.
    @Test func range() {
        let parity = Parity()
        for script in Scripts.standard {
            parity.expect(script, rx: { $0.flatMap { Observable.range(start: $0, count: 3) } },
                          combine: { $0.flatMap { ($0..<$0 + 3).publisher.setFailureType(to: ParityError.self) } })
        }
    }

    // ReactiveX "Defer" / Apple `Deferred`: the factory runs on each subscription.
    @Test func deferred() {
        let parity = Parity()
        for script in Scripts.standard {
            parity.expect(script, rx: { input in Observable.deferred { input.map { $0 + 1 } } },
                          combine: { input in Deferred { input.map { $0 + 1 } } })
        }
    }
}
