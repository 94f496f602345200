import RxKit
import RxKitTest
import Testing

/// Relay conversions (RxCocoa's PublishRelay+Signal.swift, BehaviorRelay+Driver.swift).
@Suite struct RelaySharedSequenceTests {
    @Test func publishRelayAsSignalAndBehaviorRelayAsDriver() {
        let scheduler = TestScheduler(initialClock: 0)
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay<Int>(value: 1)
        let signalObserver = scheduler.createObserver(Int.self)
        let driverObserver = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            scheduler.scheduleAt(200) {
                _ = publish.asSignal().emit(to: signalObserver)
                _ = behavior.asDriver().drive(driverObserver)
            }
            scheduler.scheduleAt(210) { publish.accept(5); behavior.accept(2) }
            scheduler.start()
        }
        #expect(signalObserver.events == [.next(211, 5)])
        #expect(driverObserver.events == [.next(201, 1), .next(211, 2)])
    }
}
