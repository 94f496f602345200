import RxKit
import RxKitTest
import Testing

/// SharedSequence creation and SharingScheduler (RxCocoa's SharedSequence.swift, SharingScheduler).
@Suite struct SharedSequenceTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func creationHelpersDeliverOnTheSharingScheduler() {
        SharingScheduler.mock(scheduler: scheduler) {
            let just = scheduler.start(created: 100, subscribed: 200, disposed: 300) { Driver.just(1).asObservable() }
            let of = scheduler.start(created: 300, subscribed: 400, disposed: 500) { Driver.of(1, 2).asObservable() }
            let optional = scheduler.start(created: 500, subscribed: 600, disposed: 700) { Signal.from(optional: nil as Int?).asObservable() }
            let never = scheduler.start(created: 700, subscribed: 800, disposed: 900) { Driver<Int>.never().asObservable() }
            #expect(just.events == [.next(201, 1), .completed(201)])
            #expect(of.events == [.next(401, 1), .next(402, 2), .completed(403)])
            #expect(optional.events == [.completed(601)])
            #expect(never.events.isEmpty)
        }
    }

    @Test func deferredBuildsPerSubscriber() {
        var built = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver<Int>.deferred { built += 1; return .just(built) }
            let a = scheduler.start(created: 100, subscribed: 200, disposed: 300) { driver.asObservable() }
            let b = scheduler.start(created: 300, subscribed: 400, disposed: 500) { driver.asObservable() }
            #expect(a.events == [.next(201, 1), .completed(201)])
            #expect(b.events == [.next(401, 2), .completed(401)])
        }
    }

    @Test func intervalTicksOnTheSharingScheduler() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start(disposed: 235) { Driver<Int>.interval(.seconds(10)).asObservable() }
            #expect(res.events == [.next(210, 0), .next(220, 1), .next(230, 2)])
        }
    }

    // The override is task-local: two tests mocking at the same time each see their own scheduler.
    @Test func mockIsScopedToTheCallingTask() async {
        let other = TestScheduler(initialClock: 0)
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var ok = true
                SharingScheduler.mock(scheduler: other) { ok = SharingScheduler.make() as AnyObject === other }
                return ok
            }
            group.addTask { SharingScheduler.make() is MainScheduler }
            for await ok in group { #expect(ok) }
        }
        await SharingScheduler.mock(scheduler: scheduler) {
            await Task.yield()
            #expect(SharingScheduler.make() as AnyObject === scheduler)
        }
    }

    @Test func asInfallibleKeepsTheElements() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { Driver.just(1).asInfallible().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(201)])
        }
    }

    @Test func infallibleAsDriverAndAsSignal() {
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { Infallible.just(1).asDriver().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(202)])
        }
        let s2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: s2) {
            let res = s2.start { Infallible.just(1).asSignal().asObservable() }
            #expect(res.events == [.next(201, 1), .completed(202)])
        }
    }
}
