import Foundation
import RxKit
import RxKitTest
import Testing

/// Driver (RxCocoa's Driver.swift, Driver+Subscription.swift, SharedSequence.swift): never errors,
/// delivers on the sharing (main) scheduler, shares with replay 1 while connected.
@Suite struct DriverTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func asDriverOnErrorJustReturnHopsToTheSharingSchedulerAndEndsWithTheFallback() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: -1).asObservable() }
            // Each event is observed on the (mocked main) scheduler: one processing tick later.
            #expect(res.events == [.next(211, 1), .next(221, -1), .completed(221)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func asDriverOnErrorDriveWithAndOnErrorRecover() {
        let xs = scheduler.createHotObservable([.error(220, testError)] as [Recorded<Event<Int>>])
        SharingScheduler.mock(scheduler: scheduler) {
            let fallback = Driver.just(5)
            var seen: [TestError] = []
            let res1 = scheduler.start(created: 100, subscribed: 200, disposed: 300) { xs.asDriver(onErrorDriveWith: fallback).asObservable() }
            let res2 = scheduler.start(created: 300, subscribed: 400, disposed: 500) {
                Observable<Int>.error(testError).asDriver(onErrorRecover: { seen.append($0 as! TestError); return .just(6) }).asObservable()
            }
            #expect(res1.events == [.next(222, 5), .completed(222)])
            #expect(res2.events == [.next(402, 6), .completed(402)])
            #expect(seen == [testError])
        }
    }

    @Test func driverNeverDeliversAnError() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorDriveWith: .empty()).map { $0 * 2 }.asObservable() }
            #expect(!res.events.contains { if case .error = $0.value { return true } else { return false } })
            // RxCocoa's Driver.empty() completes via subscribe(on: scheduler): one more tick.
            #expect(res.events == [.next(211, 2), .completed(222)])
        }
    }

    @Test func sharesOneSubscriptionAndReplaysTheLatestElement() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: 0)
            var bag: [Disposable] = []
            scheduler.scheduleAt(200) { bag.append(driver.drive(first)) }
            scheduler.scheduleAt(230) { bag.append(driver.drive(late)) }
            scheduler.scheduleAt(300) { bag.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(first.events == [.next(211, 1), .next(221, 2), .next(241, 3)])
        #expect(late.events == [.next(230, 2), .next(241, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // share(replay: 1, scope: .whileConnected): once everyone leaves, the replay buffer goes with the
    // connection and the next subscriber reconnects.
    @Test func reconnectsWithAFreshBufferAfterAllSubscribersLeave() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let second = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = xs.asDriver(onErrorJustReturn: 0)
            var d1: Disposable?
            var d2: Disposable?
            scheduler.scheduleAt(200) { d1 = driver.drive(onNext: { _ in }) }
            scheduler.scheduleAt(230) { d1?.dispose() }
            scheduler.scheduleAt(250) { d2 = driver.drive(second) }
            scheduler.scheduleAt(300) { d2?.dispose() }
            scheduler.start()
        }
        #expect(second.events == [.next(261, 2)])
        #expect(xs.subscriptions == [Subscription(200, 230), Subscription(250, 300)])
    }

    @Test func driveToRelaysAndClosuresAndWithObject() {
        final class Screen { var titles: [String] = [] }
        let screen = Screen()
        let relay = BehaviorRelay<Int>(value: 0)
        let optionalRelay = BehaviorRelay<Int?>(value: nil)
        let replayRelay = ReplayRelay<Int>.create(bufferSize: 1)
        var completed = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.of(1, 2)
            var bag: [Disposable] = []
            scheduler.scheduleAt(200) {
                bag.append(driver.drive(relay, BehaviorRelay<Int>(value: 0)))
                bag.append(driver.drive(optionalRelay))
                bag.append(driver.drive(replayRelay))
                bag.append(driver.drive(onCompleted: { completed += 1 }))
                bag.append(driver.map { "#\($0)" }.drive(with: screen, onNext: { $0.titles.append($1) }))
            }
            scheduler.start()
            bag.forEach { $0.dispose() }
        }
        #expect(relay.value == 2)
        #expect(optionalRelay.value == 2)
        #expect(completed == 1)
        #expect(screen.titles == ["#1", "#2"])
        var replayed: [Int] = []
        _ = replayRelay.subscribe(onNext: { replayed.append($0) })
        #expect(replayed == [2])
    }

    @Test func driveThroughABinderFunctionAndCurriedForm() {
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = Driver.just(3)
            var got: [Int] = []
            func bindValues(_ source: Observable<Int>) -> Disposable { source.subscribe(onNext: { got.append($0) }) }
            func bindScaled(_ source: Observable<Int>) -> (Int) -> Disposable {
                { factor in source.subscribe(onNext: { got.append($0 * factor) }) }
            }
            scheduler.scheduleAt(200) {
                _ = driver.drive(bindValues)
                _ = driver.drive(bindScaled, curriedArgument: 10)
            }
            scheduler.start()
            #expect(got == [3, 30])
        }
    }

    @Test func disposingTheDriveDisposesUpstreamWithoutLeaks() {
        var got: [Int] = []
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let subject = PublishSubject<Int>()
            SharingScheduler.mock(scheduler: scheduler) {
                var d: Disposable?
                scheduler.scheduleAt(200) { d = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.drive(onNext: { got.append($0) }) }
                scheduler.scheduleAt(210) { subject.onNext(1) }
                scheduler.scheduleAt(220) { d?.dispose() }
                scheduler.scheduleAt(230) { subject.onNext(2) }
                scheduler.start()
                #expect(!subject.hasObservers)
            }
        }
        #expect(got == [2])
        #expect(delta == 0)
    }

    @Test func outsideMockTheSharingSchedulerIsTheMainScheduler() {
        #expect(SharingScheduler.make() is MainScheduler)
        SharingScheduler.mock(scheduler: scheduler) {
            #expect(SharingScheduler.make() as AnyObject === scheduler)
        }
        #expect(SharingScheduler.make() is MainScheduler)
    }

    // The real guarantee: elements sent from a background thread arrive on the main queue. (On Linux the
    // main queue may be drained by a worker thread, so the check is a main-queue-specific key.)
    @Test func deliversOnTheMainThreadWithTheRealMainScheduler() async {
        let mainKey = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainKey, value: 1)
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: 0)
        let received: (value: Int, onMain: Bool) = await withCheckedContinuation { continuation in
            Task { @MainActor in
                var once = false
                var subscription: Disposable?
                subscription = driver.drive(onNext: { value in
                    if once { return }
                    once = true
                    continuation.resume(returning: (value, DispatchQueue.getSpecific(key: mainKey) == 1))
                    subscription?.dispose()
                })
                DispatchQueue.global().async { subject.onNext(42) }
            }
        }
        #expect(received.value == 42)
        #expect(received.onMain)
    }

    /// Drives what `build` makes of a subject's Driver while another thread sends 0..<200, then sends 200
    /// on the main thread: what arrived by the time all 200 had (and whether the last element came before
    /// that `onNext` returned), and how often `drive`'s closure or `build`'s (which call `checkThread`) ran
    /// off the main queue.
    @MainActor
    func driveWhatAnotherThreadSendsThenSendOnMain(
        _ build: (Driver<Int>, _ checkThread: @escaping () -> Void) -> Driver<Int>
    ) async -> (received: [Int], lastInline: Int?, offMain: Int) {
        let mainKey = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainKey, value: 1)
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var offMain = 0
        let checkThread = { if DispatchQueue.getSpecific(key: mainKey) != 1 { offMain += 1 } }
        var subscription: Disposable?
        await withCheckedContinuation { (allArrived: CheckedContinuation<Void, Never>) in
            subscription = build(subject.asDriver(onErrorJustReturn: -1), checkThread).drive(onNext: { value in
                received.append(value)
                checkThread()
                if received.count == 200 { allArrived.resume() }
            })
            DispatchQueue.global().async {
                for value in 0..<200 { subject.onNext(value) }
            }
        }
        let arrived = received
        subject.onNext(200)
        let lastInline = received.count == 201 ? received.last : nil
        subscription?.dispose()
        return (arrived, lastInline, offMain)
    }

    // RxCocoa's Driver observes on MainScheduler, which dispatches what another thread sends to the main
    // queue, in order, and runs work inline again once nothing it dispatched is waiting (RxSwift's
    // MainScheduler.scheduleInternal counts numberEnqueued): afterwards, an element sent on the main
    // queue is delivered before `onNext` returns.
    @MainActor
    @Test func deliversWhatAnotherThreadSendsInOrderThenInlineAgain() async {
        let result = await driveWhatAnotherThreadSendsThenSendOnMain { driver, _ in driver }
        #expect(result.received == Array(0..<200))
        #expect(result.lastInline == 200)
        #expect(result.offMain == 0)
    }

    // The same through a map built on the conversion in one expression, which the subscriber's connection
    // runs, making the hop itself: in RxCocoa the map observes the observe(on:), so its closure too runs on
    // the main queue, in order, and inline again once nothing waits.
    @MainActor
    @Test func aMapOnTheConversionRunsOnTheMainThreadInOrderThenInlineAgain() async {
        let result = await driveWhatAnotherThreadSendsThenSendOnMain { driver, checkThread in
            driver.map { value in
                checkThread()
                return value * 2
            }
        }
        #expect(result.received == (0..<200).map { $0 * 2 })
        #expect(result.lastInline == 400)
        #expect(result.offMain == 0)
    }

    // RxSwift's MainScheduler runs inline on the main thread while nothing it dispatched waits, so a Driver
    // over a sequence that ends while `drive` subscribes is over before `drive` returns: elements, completion,
    // then onDisposed (subscribe(onNext:…) disposes after the terminal event). The disposable `drive`
    // returns then holds nothing: the chain is released though the caller still keeps it.
    @MainActor
    @Test func aDriverThatEndsWhileDriveSubscribesIsOverAndReleasedBeforeDriveReturns() {
        final class Captured {}
        var log: [String] = []
        weak var captured: Captured?
        var chainReleasedWhileKept = false
        let delta = resourceDelta {
            var subscription: Disposable?
            do {
                let capturedByTheMap = Captured()
                captured = capturedByTheMap
                subscription = Observable.of(1, 2).asDriver(onErrorJustReturn: -1)
                    .map { [capturedByTheMap] value in withExtendedLifetime(capturedByTheMap) { value * 10 } }
                    .drive(onNext: { log.append("\($0)") }, onCompleted: { log.append("completed") },
                           onDisposed: { log.append("disposed") })
            }
            log.append("returned")
            chainReleasedWhileKept = captured == nil
            subscription?.dispose()
            subscription = nil
        }
        #expect(log == ["10", "20", "completed", "disposed", "returned"])
        #expect(chainReleasedWhileKept, "the disposable drive returned keeps the ended chain alive")
        #expect(delta == 0)
    }

    // RxCocoa Driver+Subscription: drive() is drive(onNext: nil, onCompleted: nil, onDisposed: nil);
    // it subscribes, and disposing it disposes the source subscription.
    @Test func bareDriveSubscribes() {
        let xs = scheduler.createHotObservable([.next(210, 1)])
        SharingScheduler.mock(scheduler: scheduler) {
            var subscription: Disposable?
            scheduler.scheduleAt(200) { subscription = xs.asDriver(onErrorJustReturn: 0).drive() }
            scheduler.scheduleAt(300) { subscription?.dispose() }
            scheduler.start()
        }
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }
}
