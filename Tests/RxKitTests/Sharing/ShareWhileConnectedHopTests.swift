// `@testable`: the trampoline probe subclasses `Observable`, whose initialiser is internal.
import Foundation
@testable import RxKit
import RxKitTest
import Testing

/// `asDriver(onErrorJustReturn:)` and `asSignal(onErrorJustReturn:)` on a serial dispatch-queue scheduler
/// make one stage that makes the hop to the scheduler itself (`CatchReturnSharedStage` with a hop) instead
/// of subscribing to an `observe(on:)`, alone or run by the connection of the operators above it. RxCocoa builds them as
/// `observe(on: scheduler).catchAndReturn(value)` shared by the strategy (ObservableConvertibleType+Driver
/// .swift). `asSharedSequence(sharingStrategy:onErrorJustReturn:)` makes the same share for Driver's and
/// Signal's strategies and builds the conversion literally for any other, such as the reference strategies
/// here: these tests run the same script through both and compare everything recorded.
@Suite struct ShareWhileConnectedHopTests {
    /// `Driver`'s and `Signal`'s sharing under other names: `asSharedSequence` builds their conversions
    /// literally.
    typealias ReplayingReference = ShareWhileConnectedStageTests.ReplayingReference
    typealias NonReplayingReference = ShareWhileConnectedStageTests.NonReplayingReference

    /// Lines appended from the test thread and the scheduler's queue.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []
        func append(_ line: String) { lock.lock(); storage.append(line); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return storage }
    }

    /// A source that is no `Producer`: it schedules on the current-thread scheduler while it is subscribed
    /// and logs when that work runs (before or after `subscribe` returns).
    final class TrampolineProbe: Observable<Int>, @unchecked Sendable {
        let log: Log
        init(log: Log) { self.log = log }
        override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            log.append("subscribe begins")
            _ = CurrentThreadScheduler.instance.schedule(()) { [log] _ in
                log.append("scheduled work runs")
                return Disposables.create()
            }
            log.append("subscribe ends")
            return Disposables.create { [log] in log.append("disposed") }
        }
    }

    /// Subscribers join and leave while elements wait on the queue: a late subscriber's replay, one that
    /// leaves before a waiting element is delivered, the last one leaving with an element waiting, a
    /// reconnection, and the source's error replaced by the fallback. The subscribers observe what `build`
    /// makes of the conversion; `log` is passed to it, for the operators' closures. `fused` says, for
    /// Driver's and Signal's strategies and a `build` that puts two operators on the conversion, whether
    /// the subscriber's connection ran the conversion's stage and the operator's above it.
    func script<Strategy: SharingStrategyProtocol>(
        _ strategy: Strategy.Type,
        build: (SharedSequence<Strategy, Int>, Log) -> SharedSequence<Strategy, Int> = { conversion, _ in conversion }
    ) -> (lines: [String], fused: Bool?) {
        let log = Log()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxkit.tests.hop")
        let subject = PublishSubject<Int>()
        var fused: Bool?
        SharingScheduler.mock(scheduler: scheduler) {
            let shared = build(subject.asSharedSequence(sharingStrategy: Strategy.self, onErrorJustReturn: -1), log)
            func observe(_ name: String) -> Disposable {
                shared.asObservable().subscribe(onNext: { log.append("\(name) \($0)") }, onCompleted: { log.append("\(name) completed") })
            }
            let a = observe("a")
            if let top = shared.stage, let below = top.upstream as? SharedStage<Int>, let conversion = below.upstream as? SharedStage<Int> {
                fused = conversion.adaptsSource && below.connection == nil && conversion.connection == nil
            }
            subject.onNext(1)
            subject.onNext(2)
            #expect(flushQueue(of: scheduler))
            let b = observe("b")
            let firstGate = holdQueue(of: scheduler)
            subject.onNext(3)
            b.dispose()
            firstGate.signal()
            #expect(flushQueue(of: scheduler))
            let secondGate = holdQueue(of: scheduler)
            subject.onNext(4)
            a.dispose()
            log.append("source observed: \(subject.hasObservers)")
            secondGate.signal()
            #expect(flushQueue(of: scheduler))
            let c = observe("c")
            subject.onNext(5)
            subject.onError(testError)
            #expect(flushQueue(of: scheduler))
            log.append("source observed: \(subject.hasObservers)")
            c.dispose()
        }
        return (log.lines, fused)
    }

    // RxCocoa: asDriver(onErrorJustReturn:) is observe(on:) then catchAndReturn, shared with replay 1.
    @Test func aDriverOnASerialSchedulerGivesWhatObserveOnCatchAndShareGive() {
        let driver = script(DriverSharingStrategy.self).lines
        #expect(driver == script(ReplayingReference.self).lines)
        // Not vacuous: b got 2 by replay and left before 3 arrived; 4 was waiting when the last subscriber
        // left and is never delivered; the error became -1 and the completion.
        #expect(driver == ["a 1", "a 2", "b 2", "a 3", "source observed: false", "c 5", "c -1", "c completed",
                           "source observed: false"])
    }

    // RxCocoa: asSignal(onErrorJustReturn:) is the same without replay.
    @Test func aSignalOnASerialSchedulerGivesWhatObserveOnCatchAndShareGive() {
        let signal = script(SignalSharingStrategy.self).lines
        #expect(signal == script(NonReplayingReference.self).lines)
        #expect(signal == ["a 1", "a 2", "a 3", "source observed: false", "c 5", "c -1", "c completed",
                           "source observed: false"])
    }

    /// `script`'s `build` for the chains: a logged `map` and a `filter` on the conversion, in one expression.
    func mapAndFilter<Strategy: SharingStrategyProtocol>(_ conversion: SharedSequence<Strategy, Int>, log: Log) -> SharedSequence<Strategy, Int> {
        conversion
            .map { value in
                log.append("map \(value)")
                return value * 10
            }
            .filter { $0 != 20 }
    }

    // RxCocoa: Driver's map and filter are the operators shared as the strategy shares, over
    // observe(on:).catchAndReturn; RxSwift's ObserveOnSerialDispatchQueueSink skips a scheduled event once
    // it is disposed (`guard !cancel.isDisposed`), so 4 is not mapped.
    @Test func aDriverChainOnASerialSchedulerGivesWhatObserveOnCatchAndSharesGive() {
        let driver = script(DriverSharingStrategy.self, build: mapAndFilter)
        let reference = script(ReplayingReference.self, build: mapAndFilter)
        #expect(driver.lines == reference.lines)
        #expect(driver.fused == true, "the subscriber's connection did not run the conversion's and the map's stages")
        #expect(reference.fused == nil)
        #expect(driver.lines == ["map 1", "a 10", "map 2", "b 10", "map 3", "a 30", "source observed: false",
                                 "map 5", "c 50", "map -1", "c -10", "c completed", "source observed: false"])
    }

    // RxCocoa: Signal's operators are the same without replay.
    @Test func aSignalChainOnASerialSchedulerGivesWhatObserveOnCatchAndSharesGive() {
        let signal = script(SignalSharingStrategy.self, build: mapAndFilter)
        #expect(signal.lines == script(NonReplayingReference.self, build: mapAndFilter).lines)
        #expect(signal.fused == true)
        #expect(signal.lines == ["map 1", "a 10", "map 2", "map 3", "a 30", "source observed: false",
                                 "map 5", "c 50", "map -1", "c -10", "c completed", "source observed: false"])
    }

    /// `mapAndFilter` on the conversion with one subscriber; the source sends 1 and fails while the queue
    /// is held, so both wait there; the subscriber leaves before they run when `leaves`.
    func errorWaitingOnTheQueue<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type, leaves: Bool) -> [String] {
        let log = Log()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxkit.tests.hop")
        let subject = PublishSubject<Int>()
        SharingScheduler.mock(scheduler: scheduler) {
            let shared = mapAndFilter(subject.asSharedSequence(sharingStrategy: Strategy.self, onErrorJustReturn: -1), log: log)
            let a = shared.asObservable().subscribe(onNext: { log.append("a \($0)") }, onCompleted: { log.append("a completed") })
            let gate = holdQueue(of: scheduler)
            subject.onNext(1)
            subject.onError(testError)
            log.append("sent")
            if leaves { a.dispose() }
            gate.signal()
            #expect(flushQueue(of: scheduler))
            a.dispose()
        }
        return log.lines
    }

    // RxSwift's ObserveOnSerialDispatchQueueSink checks `guard !cancel.isDisposed` when each scheduled
    // event runs, the terminal one included: once the last subscriber has left, the error that waited is
    // not replaced by the fallback, so the map above never sees -1.
    @Test func anErrorWaitingOnTheQueueWhenTheLastSubscriberLeavesIsNotReplacedOrMapped() {
        let driver = errorWaitingOnTheQueue(DriverSharingStrategy.self, leaves: true)
        #expect(driver == errorWaitingOnTheQueue(ReplayingReference.self, leaves: true))
        #expect(driver == ["sent"])
        let signal = errorWaitingOnTheQueue(SignalSharingStrategy.self, leaves: true)
        #expect(signal == errorWaitingOnTheQueue(NonReplayingReference.self, leaves: true))
        #expect(signal == ["sent"])
        // Not vacuous: with the subscriber staying, the same script maps the element and the fallback.
        let staying = ["sent", "map 1", "a 10", "map -1", "a -10", "a completed"]
        #expect(errorWaitingOnTheQueue(DriverSharingStrategy.self, leaves: false) == staying)
        #expect(errorWaitingOnTheQueue(ReplayingReference.self, leaves: false) == staying)
        #expect(errorWaitingOnTheQueue(SignalSharingStrategy.self, leaves: false) == staying)
    }

    /// Elements waiting on the queue name the connection they were sent to, which holds the chain: once
    /// they have run, after the last subscriber left, nothing of the chain is left (RxSwift: the disposed
    /// observe(on:) sink is released once the work it scheduled has run).
    @Test func aChainWithElementsWaitingOnTheQueueIsReleasedOnceTheyHaveRun() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxkit.tests.hop.release")
        let subject = PublishSubject<Int>()
        let received = LockedValues()
        var weakStages: [() -> AnyObject?] = []
        var heldWhileWaiting = false
        let delta = resourceDelta {
            SharingScheduler.mock(scheduler: scheduler) {
                var subscription: Disposable?
                do {
                    let driver = subject.asDriver(onErrorJustReturn: -1).map { $0 + 1 }.filter { $0 > 0 }
                    var stage: StageBase? = driver.stage
                    while let current = stage {
                        weak let object = current
                        weakStages.append { object }
                        stage = current.upstream as? StageBase
                    }
                    subscription = driver.drive(onNext: { received.append($0) })
                }
                subject.onNext(1)
                #expect(flushQueue(of: scheduler))
                let gate = holdQueue(of: scheduler)
                subject.onNext(2)
                subject.onNext(3)
                subscription?.dispose()
                subscription = nil
                heldWhileWaiting = weakStages.allSatisfy { $0() != nil }
                gate.signal()
                #expect(flushQueue(of: scheduler))
            }
        }
        #expect(received.values == [2])
        #expect(weakStages.count == 3)  // the filter's, the map's and the conversion's
        #expect(heldWhileWaiting, "nothing was waiting on the queue: the test checks nothing")
        #expect(weakStages.allSatisfy { $0() == nil }, "the chain outlived the elements that waited for its connection")
        #expect(!subject.hasObservers)
        #expect(delta == 0)
    }

    /// The conversion subscribes its source on a current-thread trampoline, as `observe(on:)` (a producer)
    /// does: work the source schedules on the current thread runs after its `subscribe` returns.
    func subscriptionOrder<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> [String] {
        let log = Log()
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxkit.tests.hop.trampoline")
        SharingScheduler.mock(scheduler: scheduler) {
            let shared = TrampolineProbe(log: log).asSharedSequence(sharingStrategy: Strategy.self, onErrorJustReturn: -1)
            let subscription = shared.asObservable().subscribe()
            log.append("subscribed")
            subscription.dispose()
        }
        return log.lines
    }

    // RxSwift Producer.subscribe: a subscription made outside a trampoline runs on CurrentThreadScheduler's.
    @Test func theSourceIsSubscribedOnACurrentThreadTrampoline() {
        let driver = subscriptionOrder(DriverSharingStrategy.self)
        #expect(driver == subscriptionOrder(ReplayingReference.self))
        #expect(driver == ["subscribe begins", "subscribe ends", "scheduled work runs", "subscribed", "disposed"])
    }
}
