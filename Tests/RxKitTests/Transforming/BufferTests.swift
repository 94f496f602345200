import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct BufferTests {
    // Timeline derived from RxSwift's BufferTimeCount: a full buffer or the timer sends it and
    // restarts the timer; completion sends the current (even empty) buffer.
    @Test func sendsABufferWhenFullOrWhenTheTimeSpanEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
        ])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(res.events == [
            .next(240, [1, 2, 3]),  // full; the timer restarts
            .next(310, [4]),
            .next(370, [5, 6, 7]),  // full
            .next(440, [8]),
            .next(510, [9]),
            .next(580, []),         // the timer sends empty buffers too
            .next(600, []),         // completion sends the current buffer
            .completed(600),
        ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test func completionSendsThePartialBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 5, scheduler: scheduler) }
        #expect(res.events == [.next(250, [1, 2]), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorDropsThePartialBufferAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .error(250, testError)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(100), count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(220, [1, 2]), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsBuffersAndTimerAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .next(330, 3), .completed(400)])
        let res = scheduler.start(disposed: 320) { xs.buffer(timeSpan: .seconds(50), count: 10, scheduler: scheduler) }
        #expect(res.events == [.next(250, [1]), .next(300, [2])])
        #expect(xs.subscriptions == [Subscription(200, 320)])
    }

    @Test func intMaxCountBuffersByTimeOnly() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(260)])
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(50), count: .max, scheduler: scheduler) }
        #expect(res.events == [.next(250, [1, 2, 3]), .next(260, []), .completed(260)])
    }

    @Test func nonPositiveCountIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.never().buffer(timeSpan: .seconds(1), count: 0, scheduler: TestScheduler(initialClock: 0))
        }
    }

    @available(*, deprecated)
    @Test func deprecatedSecondsOverloadBehavesLikeTheDispatchTimeIntervalOne() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.buffer(timeSpan: 50.0, count: 2, scheduler: scheduler) }
        #expect(res.events == [.next(220, [1, 2]), .next(270, [3]), .next(300, []), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    // Timer ticks (on a dispatch queue) and source elements (on another thread) race; the sink must
    // deliver one at a time and lose nothing. The assertions hold whatever the timing.
    @Test func timerTicksAndSourceElementsFromOtherThreadsAreSerialised() {
        let total = 20_000
        let probe = BufferDeliveryProbe()
        let done = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { observer in
            DispatchQueue.global().async {
                for value in 0..<total { observer.onNext(value) }
                observer.onCompleted()
            }
            return Disposables.create()
        }
        let subscription = source
            .buffer(timeSpan: .microseconds(50), count: 7, scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
            .subscribe { event in
                probe.record(event)
                if event.isStopEvent { done.signal() }
            }
        #expect(done.wait(timeout: .now() + 60) == .success)  // a guard against hanging, not a timing check
        subscription.dispose()
        #expect(!probe.overlapped)
        #expect(probe.elements == Array(0..<total))
        #expect(probe.buffers.allSatisfy { $0.count <= 7 })
        #expect(probe.completions == 1)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .next(30, 3), .completed(100)])
            _ = scheduler.start { xs.buffer(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
            _ = scheduler.start(disposed: 225) { xs.buffer(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { ys.buffer(timeSpan: .seconds(15), count: 2, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}

/// Records buffers and whether two deliveries ever overlapped.
fileprivate final class BufferDeliveryProbe: @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private(set) var overlapped = false
    private(set) var buffers: [[Int]] = []
    private(set) var completions = 0

    var elements: [Int] { buffers.flatMap { $0 } }

    func record(_ event: Event<[Int]>) {
        lock.lock()
        if inside { overlapped = true }
        inside = true
        lock.unlock()

        switch event {
        case .next(let buffer): buffers.append(buffer)
        case .completed: completions += 1
        case .error: break
        }

        lock.lock()
        inside = false
        lock.unlock()
    }
}
