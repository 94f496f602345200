import CombineKit
import CombineKitTest
import Dispatch
import ParityTesting
import RxKit
import Testing

/// Error-handling and time rows of the migration table. Time operators run on the harness's schedulers
/// (one tick is one second on both sides).
@Suite struct ErrorAndTimeParityTests {
    /// Fails at 20 ticks after each subscription, after one value.
    static let coldFailing = ParityScript<Int>.cold("cold failing", .value(10, 1), .failure(20, "boom"))

    // RxSwift `catch(_:)` ("Continues an observable sequence that is terminated by an error with the
    // observable sequence produced by the handler") / Apple `catch(_:)` ("Handles errors from an upstream
    // publisher by replacing it with another publisher").
    @Test func catchOperator() {
        let parity = Parity()
        parity.expect(Scripts.failure, Scripts.cold, rx: { a, b in a.catch { _ in b } }, combine: { a, b in a.catch { _ in b } },
                      .same(as: ParityTimeline([.value(210, 1), .value(220, 2), .value(240, 1), .value(250, 2), .value(260, 3), .finished(270)])
                                .subscribed([200], [230])))
        for script in Scripts.standard {
            parity.expect(script, Scripts.cold, rx: { a, b in a.catch { _ in b } }, combine: { a, b in a.catch { _ in b } })
        }
        // A handler that throws: Rx `catch` with a throwing handler / Apple `tryCatch(_:)`.
        parity.expect(Scripts.failure,
                      rx: { $0.catch { _ -> Observable<Int> in throw ParityError("rethrown") } },
                      combine: { $0.tryCatch { _ -> AnyPublisher<Int, ParityError> in throw ParityError("rethrown") } },
                      .same(as: [.value(210, 1), .value(220, 2), .failure(230, "rethrown")]))
    }

    // RxSwift `retry(_ maxAttemptCount:)` repeats the source "the specified number of times": RxSwift
    // builds it from `repeatElement(source, count: maxAttemptCount)`, so `retry(3)` subscribes 3 times.
    // Apple `retry(_ retries:)` "attempts to recreate a failed subscription ... up to the number of times
    // you specify": 1 subscription + 3 retries = 4.
    @Test func retry() {
        let parity = Parity()
        parity.expect(Self.coldFailing, rx: { $0.retry(3) }, combine: { $0.retry(3) },
                      .difference("Rx retry(3) subscribes 3 times in all; Combine retry(3) retries 3 times: 4 subscriptions",
                                  rx: ParityTimeline([.value(210, 1), .value(230, 1), .value(250, 1), .failure(260, "boom")]).subscribed([200, 220, 240]),
                                  combine: ParityTimeline([.value(210, 1), .value(230, 1), .value(250, 1), .value(270, 1), .failure(280, "boom")])
                                      .subscribed([200, 220, 240, 260])))
        // Rx retry(n) is Combine retry(n - 1).
        parity.expect(Self.coldFailing, rx: { $0.retry(3) }, combine: { $0.retry(2) })
        // (Not on a hot input that has already failed: RxTest's hot observable sends nothing to a later
        // subscriber, CombineKitTest's hot TestPublisher replays the failure.)
        parity.expectEach([Scripts.plain, Scripts.earlyCompletion, Scripts.lateSubscription, Scripts.cold, Scripts.empty, Scripts.endless],
                          rx: { $0.retry(3) }, combine: { $0.retry(2) })
    }

    // RxSwift `timeout(_:scheduler:)` fails with `RxError.timeout` ("An error is sent if no element is
    // received within the specified timeout"); Apple `timeout(_:scheduler:options:customError:)`
    // "terminates publishing" and sends `customError`'s failure only if one is given — without it, it
    // finishes. With `customError` it matches Rx `timeout(_:other: Observable.error(...))`.
    @Test func timeout() {
        let parity = Parity()
        let reason = "Rx timeout fails with RxError.timeout; Combine timeout without customError finishes normally"
        parity.expectEach([Scripts.plain, Scripts.bursts, Scripts.empty],
                          rx: { $0.timeout(.seconds(15), scheduler: parity.rxScheduler) },
                          combine: { $0.timeout(.seconds(15), scheduler: parity.combineScheduler) },
                          declared: [
                              "plain values": .difference(reason,
                                  rx: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .failure(255, "Sequence timeout.")],
                                  combine: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(255)]),
                              "rapid bursts": .difference(reason,
                                  rx: [.value(210, 1), .value(211, 2), .value(212, 3), .failure(227, "Sequence timeout.")],
                                  combine: [.value(210, 1), .value(211, 2), .value(212, 3), .finished(227)]),
                              "empty": .difference(reason, rx: [.failure(215, "Sequence timeout.")], combine: [.finished(215)]),
                          ])
        let rx: (Observable<Int>) -> Observable<Int> = { $0.timeout(.seconds(15), other: Observable.error(ParityError("timed out")), scheduler: parity.rxScheduler) }
        let combine: (AnyPublisher<Int, ParityError>) -> Publishers.Timeout<AnyPublisher<Int, ParityError>, CombineTestScheduler> = {
            $0.timeout(.seconds(15), scheduler: parity.combineScheduler, customError: { "timed out" })
        }
        parity.expect(Scripts.plain, rx: rx, combine: combine,
                      .same(as: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .failure(255, "timed out")]))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: combine)
    }

    // RxSwift `debounce(_:scheduler:)` / Apple `debounce(for:scheduler:options:)`: an element is sent once
    // `dueTime` passes without another. When the source completes with an element still waiting, RxSwift
    // (Debounce.swift, `.completed`: "if let value = ... forwardOn(.next(value))") sends it, then completes;
    // Apple's Combine drops it (OpenCombine DebounceTests.testFinishBeforeDue and testFailBeforeDue, run
    // against Combine in its compatibility-test mode), and so does CombineKit.
    @Test func debounce() {
        let parity = Parity()
        parity.expect(Scripts.bursts,
                      rx: { $0.debounce(.seconds(10), scheduler: parity.rxScheduler) },
                      combine: { $0.debounce(for: .seconds(10), scheduler: parity.combineScheduler) },
                      .same(as: [.value(222, 3), .value(261, 5), .value(310, 6), .finished(400)]))
        let reason = "Rx debounce sends the waiting element when the source completes; Combine drops it"
        parity.expectEach(Scripts.standard + [Scripts.bursts],
                          rx: { $0.debounce(.seconds(10), scheduler: parity.rxScheduler) },
                          combine: { $0.debounce(for: .seconds(10), scheduler: parity.combineScheduler) },
                          declared: [
                              "early completion": .difference(reason, rx: [.value(215, 1), .finished(215)], combine: [.finished(215)]),
                              // 3 is due at 240, the tick the cold source completes; the completion was scheduled first.
                              "cold": .difference(reason, rx: [.value(240, 3), .finished(240)], combine: [.finished(240)]),
                          ])
    }

    // RxSwift `throttle(_:latest:scheduler:)` "emits the first and the latest item emitted by the source
    // Observable during sequential time windows"; with `latest: false` the items inside a window are
    // dropped, completion waits for the pending latest item, and an error is forwarded at once (RxSwift
    // Throttle.swift, `.error`). Apple `throttle(for:scheduler:latest:)` "publishes either the most-recent
    // or first element published by the upstream publisher in the specified time interval": with
    // `latest: false` it still publishes the *first* element received during the interval, at its end;
    // a completion — finished or failure — waits for a held element and follows it (OpenCombine
    // ThrottleTests.testReceiveCompletionImmediatelyAfterValue and testBasicBehavior, run against Combine).
    // CombineKit publishes the first element at once, as Rx does (the first value's timing is where
    // Apple's Combine versions have been reported to differ).
    @Test func throttle() {
        let parity = Parity()
        parity.expect(Scripts.bursts,
                      rx: { $0.throttle(.seconds(10), latest: true, scheduler: parity.rxScheduler) },
                      combine: { $0.throttle(for: .seconds(10), scheduler: parity.combineScheduler, latest: true) },
                      .same(as: [.value(210, 1), .value(220, 3), .value(250, 4), .value(260, 5), .value(300, 6), .finished(400)]))
        parity.expectEach(Scripts.standard,
                          rx: { $0.throttle(.seconds(10), latest: true, scheduler: parity.rxScheduler) },
                          combine: { $0.throttle(for: .seconds(10), scheduler: parity.combineScheduler, latest: true) })
        let heldAtCompletion = ParityScript<Int>.hot("completes while an element is held", .value(210, 1), .value(212, 2), .finished(215))
        parity.expect(heldAtCompletion,
                      rx: { $0.throttle(.seconds(10), latest: true, scheduler: parity.rxScheduler) },
                      combine: { $0.throttle(for: .seconds(10), scheduler: parity.combineScheduler, latest: true) },
                      .same(as: [.value(210, 1), .value(220, 2), .finished(220)]))
        let heldAtFailure = ParityScript<Int>.hot("fails while an element is held", .value(210, 1), .value(212, 2), .failure(215, "failed"))
        parity.expect(heldAtFailure,
                      rx: { $0.throttle(.seconds(10), latest: true, scheduler: parity.rxScheduler) },
                      combine: { $0.throttle(for: .seconds(10), scheduler: parity.combineScheduler, latest: true) },
                      .difference("Rx throttle forwards an error at once, dropping the held element; Combine sends the held element at the interval's end, then the failure",
                                  rx: [.value(210, 1), .failure(215, "failed")],
                                  combine: [.value(210, 1), .value(220, 2), .failure(220, "failed")]))
        parity.expect(Scripts.bursts,
                      rx: { $0.throttle(.seconds(10), latest: false, scheduler: parity.rxScheduler) },
                      combine: { $0.throttle(for: .seconds(10), scheduler: parity.combineScheduler, latest: false) },
                      .difference("latest: false — Rx drops the elements inside a window; Combine publishes the first one received during the interval at its end",
                                  rx: [.value(210, 1), .value(250, 4), .value(300, 6), .finished(400)],
                                  combine: [.value(210, 1), .value(220, 2), .value(250, 4), .value(260, 5), .value(300, 6), .finished(400)]))
    }

    // RxSwift `delay(_:scheduler:)`: "Error events from the source observable sequence are not delayed"
    // (and elements still waiting are dropped). Apple `delay(for:tolerance:scheduler:options:)`: "The
    // delay affects the delivery of elements and completion" — a failure is delayed like the rest.
    @Test func delay() {
        let parity = Parity()
        parity.expect(Scripts.plain,
                      rx: { $0.delay(.seconds(15), scheduler: parity.rxScheduler) },
                      combine: { $0.delay(for: .seconds(15), scheduler: parity.combineScheduler) },
                      .same(as: [.value(225, 1), .value(235, 2), .value(245, 3), .value(255, 2), .finished(315)]))
        parity.expectEach(Scripts.standard + [Scripts.bursts],
                          rx: { $0.delay(.seconds(15), scheduler: parity.rxScheduler) },
                          combine: { $0.delay(for: .seconds(15), scheduler: parity.combineScheduler) },
                          declared: [
                              "failure at 230": .difference("Rx delay sends an error at once and drops the elements still waiting; Combine delays the failure like the elements",
                                                            rx: [.value(225, 1), .failure(230, "boom")],
                                                            combine: [.value(225, 1), .value(235, 2), .failure(245, "boom")]),
                          ])
    }

    // RxSwift `delaySubscription(_:scheduler:)` "time-shifts the subscription" / Combine has no operator:
    // a delayed `Just` flat-mapped into the source subscribes to it after the delay.
    @Test func delaySubscription() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<Int> = { $0.delaySubscription(.seconds(25), scheduler: parity.rxScheduler) }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, ParityError> = { source in
            Just(()).delay(for: .seconds(25), scheduler: parity.combineScheduler).setFailureType(to: ParityError.self)
                .flatMap { _ in source }.eraseToAnyPublisher()
        }
        parity.expect(Scripts.cold, rx: rx, combine: combine,
                      .same(as: ParityTimeline([.value(235, 1), .value(245, 2), .value(255, 3), .finished(265)]).subscribed([225])))
        // (Not on a hot input that has terminated before the delayed subscription: RxTest's hot observable
        // sends nothing to a later subscriber, CombineKitTest's hot TestPublisher replays the completion.)
        parity.expectEach([Scripts.plain, Scripts.failure, Scripts.lateSubscription, Scripts.cold, Scripts.empty, Scripts.endless, Scripts.bursts],
                          rx: rx, combine: combine)
    }

    // RxSwift `observe(on:)` / Apple `receive(on:options:)` and RxSwift `subscribe(on:)` / Apple
    // `subscribe(on:options:)`, on the virtual-time schedulers: same ticks. On the main thread they differ:
    // RxSwift's `MainScheduler` "will execute action immediately" when already on main (MainScheduler.swift:
    // "If this scheduler is called on main thread, it will execute action immediately"); Apple's
    // `receive(on: DispatchQueue.main)` always schedules (DispatchQueue.async), so nothing arrives inline.
    @Test func observeOn() {
        let parity = Parity()
        parity.expectEach(Scripts.standard + [Scripts.bursts],
                          rx: { $0.observe(on: parity.rxScheduler) }, combine: { $0.receive(on: parity.combineScheduler) })
        parity.expectEach(Scripts.standard + [Scripts.bursts],
                          rx: { $0.subscribe(on: parity.rxScheduler) }, combine: { $0.subscribe(on: parity.combineScheduler) })
    }

    @MainActor @Test func observeOnMainThread() {
        let parity = Parity()
        parity.expect(Scripts.plain,
                      rx: { $0.observe(on: MainScheduler.instance) }, combine: { $0.receive(on: DispatchQueue.main) },
                      .difference("MainScheduler runs inline on the main thread; receive(on: DispatchQueue.main) always hops, so nothing arrives during the synchronous run",
                                  rx: [.value(210, 1), .value(220, 2), .value(230, 3), .value(240, 2), .finished(300)],
                                  combine: []))
    }
}
