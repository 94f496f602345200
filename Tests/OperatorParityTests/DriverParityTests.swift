import CombineKit
import CombineKitExt
import ParityTesting
import RxKit
import Testing

/// Driver and Signal rows. RxCocoa: a Driver "can't error out", "observes on the main scheduler" and
/// "shares side effects (share(replay: 1, scope: .whileConnected))"; a Signal is the same without replay.
/// The Combine recipe is `replaceError(with:)` + `receive(on:)` + CombineKitExt `share(replay: 1)` (for a
/// Signal `share(replay: 0, scope: .whileConnected)`). Here the main scheduler is the run's virtual clock
/// (`SharingScheduler.mock` on the Rx side, the Combine test scheduler on the other). The pipeline subscribes
/// a silent first subscriber when it is built (tick 100), so the recorded one (tick 200) is late.
@Suite struct DriverParityTests {
    @Test func driverAndSignal() {
        let parity = Parity()
        let keep = SubjectFeeds()
        defer { keep.cancelAll() }
        let driver: (Observable<Int>) -> Observable<Int> = { input in
            var built: Driver<Int>?
            SharingScheduler.mock(scheduler: parity.rxScheduler) { built = input.asDriver(onErrorJustReturn: -1) }
            let shared = built!.asObservable()
            _ = shared.subscribe()
            return shared
        }
        let driverRecipe: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, Never> = { input in
            let shared = input.replaceError(with: -1).receive(on: parity.combineScheduler).share(replay: 1)
            keep.keep(shared, shared.sink { _ in })
            return shared.eraseToAnyPublisher()
        }
        // A late subscriber gets the latest element, as Driver replays one.
        parity.expect(Scripts.lateSubscription, rx: driver, combine: driverRecipe,
                      .same(as: ParityTimeline([.value(200, 8), .value(210, 1), .value(220, 2), .finished(300)]).subscribed([100])))
        // An error becomes the fallback element, then completion, on both sides.
        parity.expectEach(Scripts.standard, rx: driver, combine: driverRecipe)

        let signal: (Observable<Int>) -> Observable<Int> = { input in
            var built: Signal<Int>?
            SharingScheduler.mock(scheduler: parity.rxScheduler) { built = input.asSignal(onErrorJustReturn: -1) }
            let shared = built!.asObservable()
            _ = shared.subscribe()
            return shared
        }
        let signalRecipe: (AnyPublisher<Int, ParityError>) -> AnyPublisher<Int, Never> = { input in
            // Not Combine's share(): after the source ends it hands a late subscriber the old completion,
            // where Signal's `.whileConnected` sharing reconnects (the cold script shows it).
            let shared = input.replaceError(with: -1).receive(on: parity.combineScheduler).share(replay: 0, scope: .whileConnected)
            keep.keep(shared, shared.sink { _ in })
            return shared.eraseToAnyPublisher()
        }
        // A late subscriber gets nothing old: Signal does not replay.
        parity.expect(Scripts.lateSubscription, rx: signal, combine: signalRecipe,
                      .same(as: ParityTimeline([.value(210, 1), .value(220, 2), .finished(300)]).subscribed([100])))
        parity.expectEach(Scripts.standard, rx: signal, combine: signalRecipe)
    }
}
