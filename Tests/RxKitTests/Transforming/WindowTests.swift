import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct WindowTests {
    // Timeline derived from RxSwift's WindowTimeCount: a window opens at subscription and whenever
    // the current one completes, on reaching `count` or when its time span ends.
    @Test func opensANewWindowWhenFullOrWhenTheTimeSpanEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])
        let log = recordWindows(scheduler) { xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(log == [
            .next(200, "open 0"), .next(205, "0: 1"), .next(210, "0: 2"), .next(240, "0: 3"),
            .next(240, "0 completed"), .next(240, "open 1"),  // full
            .next(280, "1: 4"),
            .next(310, "1 completed"), .next(310, "open 2"),  // time span
            .next(320, "2: 5"), .next(350, "2: 6"), .next(370, "2: 7"),
            .next(370, "2 completed"), .next(370, "open 3"),
            .next(420, "3: 8"),
            .next(440, "3 completed"), .next(440, "open 4"),
            .next(470, "4: 9"),
            .next(510, "4 completed"), .next(510, "open 5"),
            .next(580, "5 completed"), .next(580, "open 6"),
            .next(600, "6 completed"), .completed(600),
        ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test func errorGoesToTheCurrentWindowThenDownstream() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(250, testError)])
        let log = recordWindows(scheduler) { xs.window(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        #expect(log == [
            .next(200, "open 0"), .next(210, "0: 1"), .next(220, "0: 2"),
            .next(250, "0 TestError(1)"), .error(250, testError),
        ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalWithNoWindowSubscribedUnsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.window(timeSpan: .seconds(30), count: 5, scheduler: scheduler).map { _ in "window" } }
        #expect(res.events == [.next(200, "window"), .next(230, "window")])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aSubscribedWindowKeepsTheSourceAliveUntilItCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(320, 3), .completed(400)])
        let log = recordWindows(scheduler, disposed: 250) { xs.window(timeSpan: .seconds(100), count: 10, scheduler: scheduler) }
        // The outer subscription ends at 250, window 0 keeps receiving until its time span ends at 300.
        #expect(log == [.next(200, "open 0"), .next(210, "0: 1"), .next(260, "0: 2"), .next(300, "0 completed")])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func aSubscribedWindowKeepsTheSourceAliveUntilItIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(280, 3), .completed(400)])
        let log = recordWindows(scheduler, disposed: 250, windowsDisposed: 270) { xs.window(timeSpan: .seconds(100), count: 10, scheduler: scheduler) }
        #expect(log == [.next(200, "open 0"), .next(210, "0: 1"), .next(260, "0: 2")])
        #expect(xs.subscriptions == [Subscription(200, 270)])
    }

    @available(*, deprecated)
    @Test func deprecatedSecondsOverloadBehavesLikeTheDispatchTimeIntervalOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.window(timeSpan: 50.0, count: 5, scheduler: scheduler).map { _ in "window" } }
        #expect(res.events == [.next(200, "window"), .next(250, "window"), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // Timer ticks (on a dispatch queue) and source elements (on another thread) race; windows and
    // their elements must be delivered one at a time, in order, with nothing lost.
    @Test func timerTicksAndSourceElementsFromOtherThreadsAreSerialised() {
        let total = 20_000
        let probe = WindowDeliveryProbe()
        let done = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                for value in 0..<total { observer.onNext(value) }
                observer.onCompleted()
            }
            return Disposables.create()
        }
        var windowSubscriptions: [Disposable] = []  // touched only inside deliveries, which are serialised
        let subscription = source
            .window(timeSpan: .microseconds(50), count: 7, scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
            .subscribe { event in
                probe.enter()
                switch event {
                case .next(let window):
                    probe.windows += 1
                    windowSubscriptions.append(window.subscribe { inner in
                        probe.enter()
                        if case .next(let value) = inner { probe.elements.append(value) }
                        probe.leave()
                    })
                case .completed:
                    probe.completions += 1
                case .error:
                    break
                }
                probe.leave()
                if event.isStopEvent { done.signal() }
            }
        #expect(done.wait(timeout: .now() + 60) == .success)  // a guard against hanging, not a timing check
        subscription.dispose()
        windowSubscriptions.forEach { $0.dispose() }
        #expect(!probe.overlapped)
        #expect(probe.elements == Array(0..<total))
        #expect(probe.windows >= total / 7)
        #expect(probe.completions == 1)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(100)])
            _ = recordWindows(scheduler) { xs.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
            _ = recordWindows(scheduler, disposed: 225, windowsDisposed: 240) { xs.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = recordWindows(scheduler) { ys.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}

/// Subscribes to the windows at 200 (each window as it arrives), disposes the outer subscription at
/// `disposed` and every window subscription at `windowsDisposed`, and logs it all as strings:
/// "open i", "i: element", "i completed", "i <error>"; the outer terminal event is logged as itself.
fileprivate func recordWindows(
    _ scheduler: TestScheduler, disposed: TestTime = 1000, windowsDisposed: TestTime = 1000,
    _ create: @escaping () -> Observable<Observable<Int>>
) -> [Recorded<Event<String>>] {
    let log = scheduler.createObserver(String.self)
    var outer: Disposable?
    var windows: [Disposable] = []
    let start = scheduler.clock
    scheduler.scheduleAt(start + 200) {
        var count = 0
        outer = create().subscribe { event in
            switch event {
            case .next(let window):
                let index = count
                count += 1
                log.onNext("open \(index)")
                windows.append(window.subscribe { event in
                    switch event {
                    case .next(let value): log.onNext("\(index): \(value)")
                    case .completed: log.onNext("\(index) completed")
                    case .error(let error): log.onNext("\(index) \(error)")
                    }
                })
            case .completed: log.onCompleted()
            case .error(let error): log.onError(error)
            }
        }
    }
    scheduler.scheduleAt(start + disposed) { outer?.dispose() }
    scheduler.scheduleAt(start + windowsDisposed) { windows.forEach { $0.dispose() } }
    scheduler.start()
    return log.events.map { Recorded(time: $0.time - start, value: $0.value) }
}

/// Detects deliveries from two threads at once (nested deliveries on one thread are allowed).
fileprivate final class WindowDeliveryProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var owner: Thread?
    private var depth = 0
    private(set) var overlapped = false
    var windows = 0
    var elements: [Int] = []
    var completions = 0

    func enter() {
        lock.lock()
        if depth > 0 && owner != Thread.current { overlapped = true }
        owner = Thread.current
        depth += 1
        lock.unlock()
    }

    func leave() {
        lock.lock()
        depth -= 1
        if depth == 0 { owner = nil }
        lock.unlock()
    }
}
