import CombineKit
import CombineKitExt
import ParityTesting
import RxKit
import Testing

/// Rows for the CombineKitExt operators and types named after RxSwift ones. Where a name comes from Rx,
/// its semantics are RxKit's, so each is expected to be `.same` as RxKit; a divergence is a bug in
/// CombineKitExt (or RxKit) and is pinned with `.knownBug`.
@Suite struct CombineKitExtParityTests {
    // RxSwift `enumerated()` ("Enumerates the elements of an observable sequence", index from 0) /
    // CombineKitExt `enumerated()`.
    @Test func enumerated() {
        let parity = Parity()
        parity.expect(Scripts.plain,
                      rx: { $0.enumerated().map { "\($0.index):\($0.element)" } },
                      combine: { $0.enumerated().map { "\($0.index):\($0.element)" } },
                      .same(as: [.value(210, "0:1"), .value(220, "1:2"), .value(230, "2:3"), .value(240, "3:2"), .finished(300)]))
        parity.expectEach(Scripts.standard + [Scripts.bursts],
                          rx: { $0.enumerated().map { "\($0.index):\($0.element)" } },
                          combine: { $0.enumerated().map { "\($0.index):\($0.element)" } })
    }

    // RxSwift `materialize()`: every event becomes an element, then completion (the terminal event is
    // sent as an element first) / CombineKitExt `materialize()` with `PublisherEvent`.
    @Test func materialize() {
        let parity = Parity()
        parity.expect(Scripts.failure, rx: { $0.materialize().map(describeRx) }, combine: { $0.materialize().map(describeCombine) },
                      .same(as: [.value(210, "value(1)"), .value(220, "value(2)"), .value(230, "failure(boom)"), .finished(230)]))
        parity.expect(Scripts.earlyCompletion, rx: { $0.materialize().map(describeRx) }, combine: { $0.materialize().map(describeCombine) },
                      .same(as: [.value(210, "value(1)"), .value(215, "finished"), .finished(215)]))
        parity.expectEach(Scripts.standard, rx: { $0.materialize().map(describeRx) }, combine: { $0.materialize().map(describeCombine) })
    }

    // RxSwift `dematerialize()`: an `.error`/`.completed` element ends the sequence that way / CombineKitExt
    // `dematerialize()`. Values 3 become a completion event, values 2 a failure event in the second run.
    @Test func dematerialize() {
        let parity = Parity()
        let rxEvents: (Observable<Int>) -> Observable<Int> = { input in
            input.map { value -> Event<Int> in value == 3 ? .completed : .next(value) }.dematerialize()
        }
        let combineEvents: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = { input in
            input.map { value -> PublisherEvent<Int, ParityError> in value == 3 ? .finished : .value(value) }.dematerialize().eraseToAnyPublisher()
        }
        parity.expect(Scripts.plain, rx: rxEvents, combine: combineEvents, .same(as: [.value(210, 1), .value(220, 2), .finished(230)]))
        parity.expectEach(Scripts.standard, rx: rxEvents, combine: combineEvents)
        let rxFailing: (Observable<Int>) -> Observable<Int> = { input in
            input.map { value -> Event<Int> in value == 2 ? .error(ParityError("event")) : .next(value) }.dematerialize()
        }
        let combineFailing: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = { input in
            input.map { value -> PublisherEvent<Int, ParityError> in value == 2 ? .failure("event") : .value(value) }.dematerialize().eraseToAnyPublisher()
        }
        parity.expect(Scripts.plain, rx: rxFailing, combine: combineFailing, .same(as: [.value(210, 1), .failure(220, "event")]))
        parity.expectEach(Scripts.standard, rx: rxFailing, combine: combineFailing)
    }

    // RxSwift `sample(_:defaultValue:)`: at each sampler event, the latest source element since the last
    // sample (nothing if none); the source's completion ends the result at the next sampler event /
    // CombineKitExt `sample(_:defaultValue:)`.
    @Test func sample() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { $0.sample($1) }, combine: { $0.sample($1) },
                      .same(as: [.value(215, 1), .value(235, 3), .value(320, 2), .finished(320)]))
        parity.expectEachPair(Scripts.pairs, rx: { $0.sample($1) }, combine: { $0.sample($1) })
        parity.expectEachPair(Scripts.pairs, rx: { $0.sample($1, defaultValue: -1) }, combine: { $0.sample($1, defaultValue: -1) })
        // A fast sampler over the bursts.
        let ticks = ParityScript<Int>.hot("ticks every 20", .value(219, 0), .value(239, 0), .value(259, 0), .value(279, 0), .value(299, 0), .value(319, 0), .value(419, 0))
        parity.expect(Scripts.bursts, ticks, rx: { $0.sample($1) }, combine: { $0.sample($1) },
                      .same(as: [.value(219, 3), .value(259, 5), .value(319, 6), .finished(419)]))
    }

    // RxSwift `flatMapFirst`: ignores outer elements while an inner is active / CombineKitExt `flatMapFirst`.
    @Test func flatMapFirst() {
        let parity = Parity()
        parity.expect(Scripts.outers[0], Scripts.inner,
                      rx: { outer, inner in outer.flatMapFirst { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.flatMapFirst { v in inner.map { v * 1000 + $0 } } },
                      .same(as: ParityTimeline([.value(215, 1100), .value(220, 1200), .value(225, 1300),
                                                .value(245, 3100), .value(250, 3200), .value(255, 3300), .finished(300)])
                                .subscribed([200], [210, 240])))
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.flatMapFirst { v in inner.map { v * 1000 + $0 } } },
                          combine: { outer, inner in outer.flatMapFirst { v in inner.map { v * 1000 + $0 } } })
        }
    }

    // RxSwift `flatMapLatest` / CombineKitExt `flatMapLatest` (the Combine-only spelling is in
    // CombiningParityTests.flatMapLatest).
    @Test func flatMapLatestExt() {
        let parity = Parity()
        parity.expect(Scripts.outers[0], Scripts.inner,
                      rx: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } },
                      .same(as: ParityTimeline([.value(215, 1100), .value(222, 2100), .value(227, 2200), .value(232, 2300),
                                                .value(245, 3100), .value(250, 3200), .value(255, 3300), .finished(300)])
                                .subscribed([200], [210, 217, 240])))
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } },
                          combine: { outer, inner in outer.flatMapLatest { v in inner.map { v * 1000 + $0 } } })
        }
    }

    // RxSwift `concatMap` queues outer elements while an inner runs / CombineKitExt `concatMap` (which,
    // unlike `flatMap(maxPublishers: .max(1))`, must not lose the value sent at 217).
    @Test func concatMapExt() {
        let parity = Parity()
        parity.expect(Scripts.outers[0], Scripts.inner,
                      rx: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } },
                      combine: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } },
                      .same(as: ParityTimeline([.value(215, 1100), .value(220, 1200), .value(225, 1300), .value(235, 2100), .value(240, 2200),
                                                .value(245, 2300), .value(255, 3100), .value(260, 3200), .value(265, 3300), .finished(300)])
                                .subscribed([200], [210, 230, 250])))
        for outer in Scripts.outers {
            parity.expect(outer, Scripts.inner,
                          rx: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } },
                          combine: { outer, inner in outer.concatMap { v in inner.map { v * 1000 + $0 } } })
        }
    }

    // RxSwift `startWith` / CombineKitExt `startWith` (the alias migrators look for; Combine's own
    // spelling, `prepend`, is in TransformingParityTests.startWith).
    @Test func startWithExt() {
        let parity = Parity()
        parity.expect(Scripts.plain, rx: { $0.startWith(-2, -1) }, combine: { $0.startWith(-2, -1) },
                      .same(as: [.value(200, -2), .value(200, -1), .value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        parity.expectEach(Scripts.standard, rx: { $0.startWith(-2, -1) }, combine: { $0.startWith(-2, -1) })
    }

    // RxSwift `withLatestFrom(_:resultSelector:)`: the other source is subscribed first; source elements
    // before the other has a value are dropped; completes with the source, the other's completion
    // changes nothing; an error from either ends it / CombineKitExt `withLatestFrom`.
    @Test func withLatestFrom() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other,
                      rx: { $0.withLatestFrom($1) { "\($0)-\($1)" } }, combine: { $0.withLatestFrom($1) { "\($0)-\($1)" } },
                      .same(as: [.value(220, "2-10"), .value(230, "3-10"), .value(240, "2-20"), .finished(300)]))
        parity.expect(Scripts.plain, Scripts.otherFailing,
                      rx: { $0.withLatestFrom($1) { "\($0)-\($1)" } }, combine: { $0.withLatestFrom($1) { "\($0)-\($1)" } },
                      .same(as: [.value(220, "2-10"), .failure(225, "other boom")]))
        parity.expectEachPair(Scripts.pairs, rx: { $0.withLatestFrom($1) { "\($0)-\($1)" } }, combine: { $0.withLatestFrom($1) { "\($0)-\($1)" } })
        parity.expectEachPair(Scripts.pairs, rx: { $0.withLatestFrom($1) }, combine: { $0.withLatestFrom($1) })
        // A cold other is subscribed once, first, and not replayed per source element.
        let coldOther = ParityScript<Int>.cold("cold other", .value(5, 10), .value(25, 20), .finished(28))
        parity.expect(Scripts.plain, coldOther, rx: { $0.withLatestFrom($1) }, combine: { $0.withLatestFrom($1) },
                      .same(as: ParityTimeline([.value(210, 10), .value(220, 10), .value(230, 20), .value(240, 20), .finished(300)]).subscribed([200], [200])))
    }

    // RxSwift `amb`: mirrors whichever source sends any event (element, error or completion) first and
    // disposes the other / CombineKitExt `amb`.
    @Test func amb() {
        let parity = Parity()
        parity.expect(Scripts.plain, Scripts.other, rx: { $0.amb($1) }, combine: { $0.amb($1) },
                      .same(as: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        // The second source wins.
        parity.expect(Scripts.other, Scripts.plain, rx: { $0.amb($1) }, combine: { $0.amb($1) },
                      .same(as: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)]))
        // A completion wins too.
        parity.expect(Scripts.plain, Scripts.otherEmpty, rx: { $0.amb($1) }, combine: { $0.amb($1) }, .same(as: [.finished(205)]))
        parity.expectEachPair(Scripts.pairs, rx: { $0.amb($1) }, combine: { $0.amb($1) })
        // The collection form.
        parity.expectEachPair(Scripts.pairs, rx: { Observable.amb([$0, $1]) }, combine: { [$0, $1].amb() })
    }

    // RxSwift `retry(when:)`: each trigger element resubscribes; "If the source observable errors and the
    // notifier completes, it will complete the source sequence" (RxSwift RetryWhen.swift doc comment; the
    // notifier's completion is seen when the source next fails) / CombineKitExt `retry(when:)`.
    @Test func retryWhen() {
        let parity = Parity()
        let failing = ParityScript<Int>.cold("cold failing", .value(10, 1), .failure(20, "boom"))
        // Trigger: every failure, delayed by 5 ticks; the result never ends on its own.
        parity.expect(failing,
                      rx: { source in source.retry(when: { (errors: Observable<ParityError>) in
                          errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: parity.rxScheduler) } }) },
                      combine: { source in source.retry(when: { errors in
                          errors.flatMap { _ in Just(0).delay(for: .seconds(5), scheduler: parity.combineScheduler) }.setFailureType(to: ParityError.self) }) },
                      .same(as: ParityTimeline(stride(from: 210, through: 985, by: 25).map { .value($0, 1) })
                                .subscribed(Array(stride(from: 200, through: 975, by: 25)))))
        // Trigger: the first two failures; a third failure fails the result with the trigger's error.
        let twiceThenFail: (Observable<ParityError>) -> Observable<Int> = { errors in
            errors.enumerated().map { attempt in
                if attempt.index >= 2 { throw attempt.element }
                return attempt.index
            }
        }
        parity.expect(failing,
                      rx: { $0.retry(when: twiceThenFail) },
                      combine: { $0.retry(when: { errors in
                          errors.setFailureType(to: ParityError.self).enumerated().tryMap { attempt in
                              if attempt.index >= 2 { throw attempt.element }
                              return attempt.index
                          }.mapError { $0 as? ParityError ?? "unexpected" } }) },
                      .same(as: ParityTimeline([.value(210, 1), .value(230, 1), .value(250, 1), .failure(260, "boom")]).subscribed([200, 220, 240])))
        // Trigger completes: RxSwift completes the result when the source *next fails* (RetryWhen.swift: the
        // trigger feeds a PublishSubject that the retry loop subscribes to only after a failure; a completed
        // subject then completes it). So CombineKitExt must not finish as soon as the trigger finishes:
        // that would cut off the attempt the trigger's last value started (at 240).
        parity.expect(failing,
                      rx: { source in source.retry(when: { (errors: Observable<ParityError>) in errors.take(2) }) },
                      combine: { source in source.retry(when: { errors in errors.prefix(2).setFailureType(to: ParityError.self) }) },
                      .same(as: ParityTimeline([.value(210, 1), .value(230, 1), .value(250, 1), .finished(260)]).subscribed([200, 220, 240])))
        // A trigger that never completes (every failure retried after 5 ticks). (Not on a hot input that has already failed: RxTest's hot
        // observable sends nothing to a later subscriber, CombineKitTest's hot TestPublisher replays the
        // failure, so resubscribing to one would compare the test inputs, not the operators.)
        for script in [Scripts.plain, Scripts.earlyCompletion, Scripts.lateSubscription, Scripts.cold, Scripts.empty, Scripts.endless, failing] {
            parity.expect(script,
                          rx: { source in source.retry(when: { (errors: Observable<ParityError>) in
                              errors.flatMap { _ in Observable<Int>.timer(.seconds(5), scheduler: parity.rxScheduler) } }) },
                          combine: { source in source.retry(when: { errors in
                              errors.flatMap { _ in Just(0).delay(for: .seconds(5), scheduler: parity.combineScheduler) }.setFailureType(to: ParityError.self) }) })
        }
    }

    // RxSwift `Observable.create`: the closure runs per subscription and its disposable when the
    // subscription ends / CombineKitExt `AnyPublisher.create`. The closure forwards the input.
    @Test func create() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Int> = { input in
            Observable.create { observer in input.subscribe(observer) }
        }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = { input in
            AnyPublisher.create { emitter in
                input.sink(receiveCompletion: { emitter.send(completion: $0) }, receiveValue: { emitter.send($0) })
            }
        }
        parity.expect(Scripts.cold, rx: rx, combine: combine,
                      .same(as: ParityTimeline([.value(210, 1), .value(220, 2), .value(230, 3), .finished(240)]).subscribed([200])))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: combine)
        // Resubscribing (here by `retry`) runs the closure again.
        let failing = ParityScript<Int>.cold("cold failing", .value(10, 1), .failure(20, "boom"))
        parity.expect(failing, rx: { rx($0).retry(2) }, combine: { combine($0).retry(1) },
                      .same(as: ParityTimeline([.value(210, 1), .value(230, 1), .failure(240, "boom")]).subscribed([200, 220])))
    }
}

/// An RxKit event as the text `materialize` rows compare.
func describeRx(_ event: Event<Int>) -> String {
    switch event {
    case .next(let value): return "value(\(value))"
    case .error(let error): return "failure(\(error))"
    case .completed: return "finished"
    }
}

/// A CombineKitExt event as the text `materialize` rows compare.
func describeCombine(_ event: PublisherEvent<Int, ParityError>) -> String {
    switch event {
    case .value(let value): return "value(\(value))"
    case .failure(let error): return "failure(\(error))"
    case .finished: return "finished"
    }
}
