// `@testable`: the throwing-stage tests build a share whose connection runs a throwing closure, which the
// public Driver/Signal operators (non-throwing closures) never make.
@testable import RxKit
import RxKitTest
import Testing

/// A Driver or Signal `map`/`filter` is a share stage whose connection runs the operator's closure itself
/// (`MapSharedStage`, `FilterSharedStage`) instead of a map/filter sink feeding a plain share.
/// RxCocoa builds `driver.map(f)` as `share(replay: 1, scope: .whileConnected)` of `source.map(f)`
/// (SharedSequence+Operators.swift: `SharedSequence(source.map(selector))`, whose `init` applies the
/// strategy's `share`), so every subscriber must see exactly what that composition gives. These tests run
/// the same script on a Driver (or Signal) and on a strategy that shares the same way under another name,
/// which takes the general path (`share(source.map(f))`), and compare everything recorded.
@Suite struct ShareWhileConnectedStageTests {
    /// `Driver`'s sharing under another name: its operators are built as `share(source.map(f))`.
    struct ReplayingReference: SharingStrategyProtocol {
        static var scheduler: SchedulerType { SharingScheduler.make() }
        static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
            source.share(replay: 1, scope: .whileConnected)
        }
    }

    /// `Signal`'s sharing under another name.
    struct NonReplayingReference: SharingStrategyProtocol {
        static var scheduler: SchedulerType { SharingScheduler.make() }
        static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
            source.share(scope: .whileConnected)
        }
    }

    /// What a script recorded: each observer's events, the upstream's subscriptions and how many times
    /// each closure ran.
    struct Recording: Equatable {
        var observers: [[Recorded<Event<String>>]] = []
        var subscriptions: [Subscription] = []
        var mapCalls = 0
        var filterCalls = 0
    }

    /// Subscribers join and leave intermediate and final sequences of `source → map → filter → map` at
    /// different times: replays of each stage's latest value, a stage whose subscribers all leave while
    /// others stay connected, a reconnection after everyone left, and the upstream's error.
    func script<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> Recording {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(260, 5), .next(310, 6),
            .next(330, 7), .next(460, 8), .next(465, 9), .error(470, testError),
        ])
        var recording = Recording()
        let observers = (0..<5).map { _ in scheduler.createObserver(String.self) }
        SharingScheduler.mock(scheduler: scheduler) {
            let source = xs.asSharedSequence(sharingStrategy: Strategy.self, onErrorJustReturn: -1)
            let doubled = source.map { x -> Int in recording.mapCalls += 1; return x * 2 }
            let kept = doubled.filter { x -> Bool in recording.filterCalls += 1; return x % 3 != 0 }
            let text = kept.map { "v\($0)" }
            var disposables: [Int: Disposable] = [:]
            scheduler.scheduleAt(200) { disposables[0] = text.asObservable().subscribe(observers[0]) }
            scheduler.scheduleAt(235) { disposables[1] = doubled.map { "d\($0)" }.asObservable().subscribe(observers[1]) }
            scheduler.scheduleAt(250) { disposables[2] = kept.map { "k\($0)" }.asObservable().subscribe(observers[2]) }
            scheduler.scheduleAt(300) { disposables[1]?.dispose() }
            scheduler.scheduleAt(320) { disposables[2]?.dispose() }
            scheduler.scheduleAt(400) { disposables[0]?.dispose() }
            scheduler.scheduleAt(450) { disposables[3] = text.asObservable().subscribe(observers[3]) }
            scheduler.scheduleAt(462) { disposables[4] = doubled.map { "d\($0)" }.asObservable().subscribe(observers[4]) }
            scheduler.start()
        }
        recording.observers = observers.map(\.events)
        recording.subscriptions = xs.subscriptions
        return recording
    }

    @Test func aDriverMapAndFilterGiveWhatShareOfMapAndFilterGives() {
        let driver = script(DriverSharingStrategy.self)
        let reference = script(ReplayingReference.self)
        #expect(driver == reference)
        // Not vacuous: the first subscriber's values (each hop through the mocked scheduler is one tick),
        // the late subscriber to `doubled` got its latest value at once (replay), the upstream error
        // became -1 then completion.
        #expect(driver.observers[0] == [.next(211, "v2"), .next(221, "v4"), .next(241, "v8"), .next(261, "v10"), .next(331, "v14")])
        #expect(driver.observers[1].first == .next(235, "d6"))
        #expect(driver.observers[4] == [.next(462, "d16"), .next(466, "d18"), .next(471, "d-2"), .completed(471)])
        #expect(driver.subscriptions.count == 2 && driver.subscriptions.first == Subscription(200, 400))
    }

    @Test func aSignalMapAndFilterGiveWhatShareOfMapAndFilterGives() {
        let signal = script(SignalSharingStrategy.self)
        let reference = script(NonReplayingReference.self)
        #expect(signal == reference)
        // Not vacuous: without replay the late subscriber to `doubled` starts with the next value.
        #expect(signal.observers[1].first == .next(241, "d8"))
        #expect(signal.observers[4] == [.next(466, "d18"), .next(471, "d-2"), .completed(471)])
    }

    /// An element sent into the source from inside a closure (re-entrantly) reaches the subscribers as it
    /// does through a map or filter sink: a closure call's own result comes after what the call caused.
    /// The sequences are made with the internal `SharedSequence.init` (the strategy's share, no scheduler
    /// hop), so that the re-entrant element really arrives while the outer one is being delivered.
    func reentrantScript<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> [String] {
        let subject = PublishSubject<Int>()
        var got: [String] = []
        let source = SharedSequence<Strategy, Int>(subject.asObservable())
        let mapped = source.map { x -> Int in
            if x == 1 { subject.onNext(100) }
            return x + 1
        }
        let kept = mapped.filter { x in
            if x == 3 { subject.onNext(200) }
            return x != 101
        }
        let disposable = kept.map { "\($0)" }.asObservable().subscribe(onNext: { got.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        disposable.dispose()
        return got
    }

    @Test func reentrantSendsFromTheClosuresArriveAsThroughSinks() {
        let driver = reentrantScript(DriverSharingStrategy.self)
        #expect(driver == reentrantScript(ReplayingReference.self))
        // 100 → 101 is filtered out; 200 → 201, sent from the filter's call on 3, comes before 3.
        #expect(driver == ["2", "201", "3"])
        #expect(reentrantScript(SignalSharingStrategy.self) == reentrantScript(NonReplayingReference.self))
    }

    @Test func disposingTheLastSubscriberReleasesTheChainAndTheSource() {
        var got: [Int] = []
        let subject = PublishSubject<Int>()
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            SharingScheduler.mock(scheduler: scheduler) {
                let driver = subject.asDriver(onErrorJustReturn: 0).map { $0 + 1 }.filter { $0 > 0 }.map { $0 * 10 }
                var disposable: Disposable?
                scheduler.scheduleAt(200) { disposable = driver.drive(onNext: { got.append($0) }) }
                scheduler.scheduleAt(210) { subject.onNext(1) }
                scheduler.scheduleAt(220) { disposable?.dispose() }
                scheduler.scheduleAt(230) { subject.onNext(2) }
                scheduler.start()
            }
        }
        #expect(got == [20])
        #expect(!subject.hasObservers)
        #expect(delta == 0)
    }

    // Through a map sink, an error thrown by the closure ends the map's sequence with that error, and the
    // share passes it to every subscriber (RxSwift's `map` docs: "an error thrown by the transform
    // terminates the sequence"). The Driver operators take non-throwing closures, so only a share built
    // here has a connection with a throwing closure.
    func throwingStageEvents(fused: Bool, filter: Bool) -> [[Recorded<Event<Int>>]] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(240)])
        let transform: (Int) throws -> Int = { x in
            if x == 2 { throw testError }
            return x * 10
        }
        let predicate: (Int) throws -> Bool = { x in
            if x == 2 { throw testError }
            return true
        }
        let shared: Observable<Int>
        switch (fused, filter) {
        case (true, false):
            shared = SharedStageObservable(MapSharedStage(upstream: xs.asObservable(), kind: .observable, transform: transform,
                                                          replaysLatest: true))
        case (true, true):
            shared = SharedStageObservable(FilterSharedStage(upstream: xs.asObservable(), kind: .observable, predicate: predicate,
                                                             replaysLatest: true))
        case (false, false):
            shared = xs.map(transform).share(replay: 1, scope: .whileConnected)
        case (false, true):
            shared = xs.filter(predicate).share(replay: 1, scope: .whileConnected)
        }
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = shared.subscribe(first) }
        scheduler.scheduleAt(215) { _ = shared.subscribe(second) }
        scheduler.start()
        #expect(xs.subscriptions == [Subscription(200, 220)])
        return [first.events, second.events]
    }

    @Test func anErrorThrownByTheStageEndsTheShareForEverySubscriber() {
        let mapped = throwingStageEvents(fused: true, filter: false)
        #expect(mapped == throwingStageEvents(fused: false, filter: false))
        #expect(mapped == [[.next(210, 10), .error(220, testError)], [.next(215, 10), .error(220, testError)]])
        let filtered = throwingStageEvents(fused: true, filter: true)
        #expect(filtered == throwingStageEvents(fused: false, filter: true))
        #expect(filtered == [[.next(210, 1), .error(220, testError)], [.next(215, 1), .error(220, testError)]])
    }
}
