import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct CreateTests {
    @Test func sendsWhatTheSubscribeClosureSends() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                scheduler.scheduleAt(250) { observer.onNext(2) }
                scheduler.scheduleAt(300) { observer.onCompleted() }
                return Disposables.create()
            }
        }
        #expect(res.events == [.next(200, 1), .next(250, 2), .completed(300)])
    }

    @Test func ignoresEverythingAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                observer.onNext(2)
                observer.onError(testError)
                observer.onCompleted()
                return Disposables.create()
            }
        }
        #expect(res.events == [.next(200, 1), .completed(200)])
    }

    @Test func ignoresEverythingAfterAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(210) { observer.onNext(1) }
                scheduler.scheduleAt(220) { observer.onError(testError) }
                scheduler.scheduleAt(230) { observer.onNext(2) }
                scheduler.scheduleAt(240) { observer.onError(otherError) }
                scheduler.scheduleAt(250) { observer.onCompleted() }
                return Disposables.create()
            }
        }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
    }

    @Test func returnedDisposableRunsOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(300) { observer.onCompleted() }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        #expect(res.events == [.completed(300)])
        #expect(disposedAt == [300])
    }

    @Test func returnedDisposableRunsOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let res = scheduler.start {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(300) { observer.onError(testError) }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        #expect(res.events == [.error(300, testError)])
        #expect(disposedAt == [300])
    }

    @Test func returnedDisposableRunsOnDisposalAndLaterEventsAreDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        let res = scheduler.start(disposed: 250) {
            Observable<Int>.create { observer in
                scheduler.scheduleAt(210) { observer.onNext(1) }
                scheduler.scheduleAt(260) { observer.onNext(2) }
                scheduler.scheduleAt(300) { observer.onCompleted() }
                return Disposables.create { disposedAt.append(scheduler.clock) }
            }
        }
        #expect(res.events == [.next(210, 1)])
        #expect(disposedAt == [250])
    }

    @Test func concurrentOnNextFromTwoThreadsIsDeliveredOneAtATime() {
        let perThread = 50_000
        let probe = CreateOverlapProbe()
        let subscription = Observable<Int>.create { observer in
            createRunOnTwoThreadsAtOnce { _ in
                for value in 0..<perThread { observer.onNext(value) }
            }
            observer.onCompleted()
            return Disposables.create()
        }
        .subscribe(probe)
        subscription.dispose()
        #expect(!probe.overlapped)
        #expect(probe.count == 2 * perThread)  // an unserialised `count += 1` would lose increments
        #expect(probe.completions == 1)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start {
                Observable<Int>.create { observer in
                    scheduler.scheduleAt(210) { observer.onNext(1) }
                    scheduler.scheduleAt(220) { observer.onCompleted() }
                    return Disposables.create()
                }
            }
            _ = scheduler.start(disposed: 300) {
                Observable<Int>.create { _ in Disposables.create() }
            }
        }
        #expect(delta == 0)
    }
}

/// Runs `body(0)` and `body(1)` on two new threads that start together, and waits for both.
fileprivate func createRunOnTwoThreadsAtOnce(_ body: @escaping @Sendable (Int) -> Void) {
    let arrived = CreateArrivalCounter()
    let group = DispatchGroup()
    for index in 0..<2 {
        group.enter()
        Thread {
            arrived.arrive()
            while arrived.count < 2 {}  // a start barrier, so that both threads really send at once
            body(index)
            group.leave()
        }.start()
    }
    group.wait()
}

fileprivate final class CreateArrivalCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var arrivals = 0
    var count: Int { lock.withLock { arrivals } }
    func arrive() { lock.withLock { arrivals += 1 } }
}

/// Records whether two deliveries ever overlapped; its counter is deliberately unsynchronised.
fileprivate final class CreateOverlapProbe: ObserverType, @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private(set) var overlapped = false
    private(set) var count = 0
    private(set) var completions = 0

    func on(_ event: Event<Int>) {
        lock.lock()
        if inside { overlapped = true }
        inside = true
        lock.unlock()

        switch event {
        case .next: count += 1
        case .completed: completions += 1
        case .error: break
        }

        lock.lock()
        inside = false
        lock.unlock()
    }
}
