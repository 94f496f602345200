import RxKit
import RxKitTest
import Testing

/// `asDriver(onErrorJustReturn:)` and `asSignal(onErrorJustReturn:)` are one share whose connection
/// replaces the error itself. RxCocoa builds them as `observe(on: scheduler).catchAndReturn(element)`
/// shared by the strategy (`share(replay: 1, scope: .whileConnected)` for a Driver, `share(scope:
/// .whileConnected)` for a Signal), so every subscriber must see exactly what that composition gives.
@Suite struct ObservableConvertibleTypeDriverTests {
    /// What a script recorded: each observer's events and the source's subscriptions.
    struct Recording: Equatable {
        var observers: [[Recorded<Event<Int>>]] = []
        var subscriptions: [Subscription] = []
    }

    /// Subscribers join and leave the converted sequence at different times: a late subscriber while
    /// connected (replay), everyone leaving then a reconnection, the source's error while two are
    /// subscribed, and a subscriber after the error (a new connection to the source).
    func script(_ convert: @escaping (Observable<Int>) -> Observable<Int>) -> Recording {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(240, 3), .next(260, 4), .next(320, 5), .next(340, 6),
            .error(350, testError), .next(410, 7),
        ])
        var recording = Recording()
        let observers = (0..<5).map { _ in scheduler.createObserver(Int.self) }
        SharingScheduler.mock(scheduler: scheduler) {
            let shared = convert(xs.asObservable())
            var disposables: [Int: Disposable] = [:]
            scheduler.scheduleAt(200) { disposables[0] = shared.subscribe(observers[0]) }
            scheduler.scheduleAt(230) { disposables[1] = shared.subscribe(observers[1]) }
            scheduler.scheduleAt(250) { disposables[0]?.dispose() }
            scheduler.scheduleAt(270) { disposables[1]?.dispose() }
            scheduler.scheduleAt(300) { disposables[2] = shared.subscribe(observers[2]) }
            scheduler.scheduleAt(330) { disposables[3] = shared.subscribe(observers[3]) }
            scheduler.scheduleAt(400) { disposables[4] = shared.subscribe(observers[4]) }
            scheduler.scheduleAt(500) { disposables.values.forEach { $0.dispose() } }
            scheduler.start()
        }
        recording.observers = observers.map(\.events)
        recording.subscriptions = xs.subscriptions
        return recording
    }

    @Test func asDriverOnErrorJustReturnGivesWhatCatchAndReturnSharedWithReplayGives() {
        let driver = script { $0.asDriver(onErrorJustReturn: -1).asObservable() }
        let reference = script {
            $0.observe(on: SharingScheduler.make()).catchAndReturn(-1).share(replay: 1, scope: .whileConnected)
        }
        #expect(driver == reference)
        // Not vacuous (RxCocoa's documented Driver behaviour): the late subscriber gets the latest element
        // at once; after everyone left, the next subscriber reconnects with no stale element; the error
        // becomes -1 then completion for both subscribers; a subscriber after it subscribes to the source again.
        #expect(driver.observers[1] == [.next(230, 2), .next(241, 3), .next(261, 4)])
        #expect(driver.observers[2] == [.next(321, 5), .next(341, 6), .next(351, -1), .completed(351)])
        #expect(driver.observers[3] == [.next(330, 5), .next(341, 6), .next(351, -1), .completed(351)])
        #expect(driver.observers[4] == [.next(411, 7)])
        #expect(driver.subscriptions == [Subscription(200, 270), Subscription(300, 350), Subscription(400, 500)])
    }

    @Test func asSignalOnErrorJustReturnGivesWhatCatchAndReturnSharedWithoutReplayGives() {
        let signal = script { $0.asSignal(onErrorJustReturn: -1).asObservable() }
        let reference = script {
            $0.observe(on: SharingScheduler.make()).catchAndReturn(-1).share(scope: .whileConnected)
        }
        #expect(signal == reference)
        // Not vacuous: without replay (RxCocoa's Signal) the late subscriber starts with the next element.
        #expect(signal.observers[1] == [.next(241, 3), .next(261, 4)])
        #expect(signal.observers[3] == [.next(341, 6), .next(351, -1), .completed(351)])
    }

    /// The error is replaced where it arrives: a source that fails at once gives the fallback and the
    /// completion to the first subscriber, and the next subscriber subscribes to the source again.
    @Test func aSourceThatFailsAtOnceGivesTheFallbackAndReconnectsForTheNextSubscriber() {
        var subscriptions = 0
        let failing = Observable<Int>.error(testError).do(onSubscribe: { subscriptions += 1 })
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let driver = failing.asDriver(onErrorJustReturn: 9)
            scheduler.scheduleAt(200) { _ = driver.drive(first) }
            scheduler.scheduleAt(300) { _ = driver.drive(second) }
            scheduler.start()
        }
        #expect(first.events == [.next(201, 9), .completed(201)])
        #expect(second.events == [.next(301, 9), .completed(301)])
        #expect(subscriptions == 2)
    }
}
