import RxKit
import RxKitTest
import Testing

/// Adjacent `map`s and `filter`s fused into one sink (MapFilterFusion.swift).
@Suite struct MapFilterFusionTests {
    // Adjacent map/filter stages run in one sink (MapFilterProducer); these pin that nothing observable
    // changes: RxSwift's Sink forwards nothing once disposed, so a later operator's closure never runs
    // for an element that arrives at a disposed sink.
    @Test func fusedChainRunsNoLaterClosureAfterAStageDisposesTheSubscription() {
        let subject = PublishSubject<Int>()
        var calls: [String] = []
        var received: [Int] = []
        var subscription: Disposable?
        subscription = subject
            .map { value -> Int in calls.append("map1(\(value))"); if value == 2 { subscription?.dispose() }; return value }
            .filter { value in calls.append("filter(\(value))"); return true }
            .map { value -> Int in calls.append("map2(\(value))"); return value * 10 }
            .subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(calls == ["map1(1)", "filter(1)", "map2(1)", "map1(2)"])
        #expect(received == [10])
    }

    // The same when the disposing stage is the one before the last (the last stage hands its result to
    // the sink by address, through its own code path): neither a last map nor a last filter runs.
    @Test func fusedChainRunsNeitherALastMapNorALastFilterAfterTheStageBeforeDisposes() {
        for lastIsMap in [true, false] {
            let subject = PublishSubject<Int>()
            var calls: [String] = []
            var received: [Int] = []
            var subscription: Disposable?
            let disposing = subject
                .map { $0 + 1 }
                .filter { value in calls.append("filter(\(value))"); if value == 3 { subscription?.dispose() }; return true }
            let chain = lastIsMap
                ? disposing.map { value -> Int in calls.append("last(\(value))"); return value * 10 }
                : disposing.filter { value in calls.append("last(\(value))"); return true }
            subscription = chain.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            subject.onNext(3)
            #expect(calls == ["filter(2)", "last(2)", "filter(3)"], "last stage is a \(lastIsMap ? "map" : "filter")")
            #expect(received == [lastIsMap ? 20 : 2])
        }
    }

    @Test func fusedChainCallsEachClosureOncePerElementInOperatorOrder() {
        let subject = PublishSubject<Int>()
        var calls: [String] = []
        var received: [String] = []
        let subscription = subject
            .filter { value in calls.append("f1(\(value))"); return value != 3 }
            .map { value -> Int in calls.append("m1(\(value))"); return value + 1 }
            .filter { value in calls.append("f2(\(value))"); return value % 2 == 0 }
            .map { value -> String in calls.append("m2(\(value))"); return "v\(value)" }
            .subscribe(onNext: { received.append($0) })
        for value in 1...4 { subject.onNext(value) }
        subscription.dispose()
        #expect(calls == [
            "f1(1)", "m1(1)", "f2(2)", "m2(2)",
            "f1(2)", "m1(2)", "f2(3)",
            "f1(3)",
            "f1(4)", "m1(4)", "f2(5)",
        ])
        #expect(received == ["v2"])
    }

    @Test func errorThrownInTheMiddleOfAFusedChainSkipsTheLaterStagesAndEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        var laterStageInputs: [Int] = []
        let res = scheduler.start {
            xs.map { $0 * 10 }
                .filter { value in if value == 20 { throw testError }; return true }
                .map { value -> Int in laterStageInputs.append(value); return value + 1 }
        }
        #expect(res.events == [.next(210, 11), .error(220, testError)])
        #expect(laterStageInputs == [10])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    // Every value a stage makes is released exactly once, whether a later filter drops it, the element
    // reaches the subscriber, or a later closure throws while it is in flight (an over-release would
    // crash, a leak would leave `live` above zero).
    @Test func valuesMadeBetweenStagesAreReleasedWhetherKeptDroppedOrInFlightOnAnError() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var failure: Swift.Error?
        Tracked.live = 0
        let subscription = subject
            .map { Tracked($0) }
            .filter { $0.value % 2 == 1 }
            .map { tracked -> Tracked in
                if tracked.value == 5 { throw testError }
                return Tracked(tracked.value * 10)
            }
            .filter { $0.value != 30 }
            .map { $0.value }
            .subscribe(onNext: { received.append($0) }, onError: { failure = $0 })
        for value in 1...6 { subject.onNext(value) }
        #expect(received == [10])
        #expect(failure as? TestError == testError)
        #expect(Tracked.live == 0)
        subscription.dispose()
    }

    @Test func branchesFromTheMiddleOfAChainAreIndependentSequences() {
        let subject = PublishSubject<Int>()
        let doubled = subject.map { $0 * 2 }
        let evens = doubled.filter { $0 % 4 == 0 }
        let labelled = doubled.map { "x\($0)" }
        var fromDoubled: [Int] = []
        var fromEvens: [Int] = []
        var fromLabelled: [String] = []
        let bag = DisposeBag()
        doubled.subscribe(onNext: { fromDoubled.append($0) }).disposed(by: bag)
        evens.subscribe(onNext: { fromEvens.append($0) }).disposed(by: bag)
        labelled.subscribe(onNext: { fromLabelled.append($0) }).disposed(by: bag)
        for value in 1...3 { subject.onNext(value) }
        #expect(fromDoubled == [2, 4, 6])
        #expect(fromEvens == [4])
        #expect(fromLabelled == ["x2", "x4", "x6"])
    }

    // Terminal events reach RxKit's own observers without an `Event` (the terminal lane); these pin
    // that each terminal is delivered once, after the elements, and runs onDisposed after it.
    @Test func terminalEventsOfJustEmptyAndErrorReachASubscribeClosureThroughAFusedChain() {
        var log: [String] = []
        _ = Observable.just(3).map { $0 * 2 }.filter { $0 > 0 }.subscribe(
            onNext: { log.append("next \($0)") }, onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        _ = Observable<Int>.empty().map { $0 }.subscribe(
            onNext: { log.append("next \($0)") }, onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") })
        _ = Observable<Int>.error(testError).filter { _ in true }.subscribe(
            onNext: { log.append("next \($0)") }, onError: { log.append("error \($0 as? TestError == testError)") },
            onCompleted: { log.append("completed") }, onDisposed: { log.append("disposed") })
        #expect(log == ["next 6", "completed", "disposed", "completed", "disposed", "error true", "disposed"])
    }

    // Over `just`, a fused chain subscribes without a sink (MapFilterProducer.subscribe); these pin that
    // the observer sees what a chain of sinks would send: RxSwift's `Just` sends `.next` then `.completed`
    // to whatever observer it is given; a throwing closure ends it with the error and no completion.
    @Test func justThroughAFusedChainSendsTheResultThenCompletionToAnObserverWithoutLanes() {
        let observer = EventLog<String>()
        _ = Observable.just(4).map { $0 * 3 }.filter { $0 > 10 }.map { "v\($0)" }.subscribe(observer)
        #expect(observer.events == [.next("v12"), .completed])
    }

    @Test func justThroughAFusedChainSendsOnlyCompletionWhenAFilterDropsTheElement() {
        let observer = EventLog<Int>()
        var laterStageRan = false
        _ = Observable.just(4).filter { $0 > 10 }.map { value -> Int in laterStageRan = true; return value }
            .subscribe(observer)
        #expect(observer.events == [.completed])
        #expect(!laterStageRan)
    }

    @Test func justThroughAFusedChainEndsWithTheThrownErrorAndRunsNoLaterStage() {
        let observer = EventLog<Int>()
        var laterStageRan = false
        _ = Observable.just(4)
            .map { _ -> Int in throw testError }
            .filter { _ in laterStageRan = true; return true }
            .subscribe(observer)
        #expect(observer.events == [.error(testError)])
        #expect(!laterStageRan)
    }

    // RxSwift's Producer subscribes on the current-thread trampoline when none is running, so an action
    // the observer schedules on `CurrentThreadScheduler` runs after the subscription's own events.
    @Test func justThroughAFusedChainDeliversOnTheCurrentThreadTrampoline() {
        var log: [String] = []
        _ = Observable.just(1).map { $0 + 1 }.subscribe(
            onNext: { value in
                log.append("next \(value)")
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("scheduled")
                    return Disposables.create()
                }
            },
            onCompleted: { log.append("completed") }
        )
        #expect(log == ["next 2", "completed", "scheduled"])
    }

    @Test func justThroughAFusedChainReleasesEveryResource() {
        let delta = resourceDelta {
            let observer = EventLog<Int>()
            let subscription = Observable.just(2).map { $0 * 2 }.filter { $0 > 0 }.subscribe(observer)
            subscription.dispose()
            _ = Observable.just(2).map { $0 * 2 }.subscribe(onNext: { _ in }).disposed(by: DisposeBag())
            #expect(observer.events == [.next(4), .completed])
        }
        #expect(delta == 0)
    }

    /// Counts live instances: the values a chain makes between its stages.
    final class Tracked {
        nonisolated(unsafe) static var live = 0
        let value: Int
        init(_ value: Int) { self.value = value; Tracked.live += 1 }
        deinit { Tracked.live -= 1 }
    }
}

/// An observer that records every event through `on(_:)` (no element lane, unlike RxKit's own observers).
private final class EventLog<Element: Equatable>: ObserverType {
    var events: [Event<Element>] = []
    func on(_ event: Event<Element>) { events.append(event) }
}
