import RxKit
import RxKitTest
import Testing

/// ControlEvent (RxCocoa's ControlEvent.swift), UI-free.
@Suite struct ControlEventTests {
    @Test func forwardsEventsAsSignalWithoutReplay() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable([.next(210, ()), .next(230, ())])
        let early = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let event = ControlEvent(events: taps)
            let count = event.asSignal().scan(0) { acc, _ in acc + 1 }
            scheduler.scheduleAt(200) { _ = count.emit(to: early) }
            scheduler.scheduleAt(220) { _ = event.asSignal().map { 0 }.emit(to: late) }
            scheduler.start()
        }
        // One hop through the (mocked main) scheduler by asSignal's observe(on:).
        #expect(early.events == [.next(211, 1), .next(231, 2)])
        #expect(late.events == [.next(231, 0)])
        #expect(taps.subscriptions == [Subscription(201, Int.max), Subscription(221, Int.max)])
    }

    @Test func asDriverAndDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let taps = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start(disposed: 250) { ControlEvent(events: taps).asDriver().asObservable() }
            #expect(res.events == [.next(211, 1)])
        }
        // subscribe(on:) also unsubscribes on its scheduler (RxSwift's SubscribeOnSink): one tick later.
        #expect(taps.subscriptions == [Subscription(201, 251)])
    }
}
