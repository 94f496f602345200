import Foundation
import RxKit
import RxKitTest
import Testing

/// The deprecated alias is called from a deprecated witness (no warning inside a deprecated context)
/// behind a non-deprecated protocol requirement, so the test calls it without a warning either.
fileprivate protocol ObserveOnDeprecatedAliases {
    func observeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int>
}

fileprivate struct ObserveOnDeprecatedCalls: ObserveOnDeprecatedAliases {
    @available(*, deprecated)
    func observeOn(_ source: Observable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int> {
        source.observeOn(scheduler)
    }
}

/// Counters shared with the threads of a concurrency test.
fileprivate final class ObserveOnDeliveryLog: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private(set) var maxInFlight = 0
    private(set) var received: [Int] = []

    func begin() {
        lock.lock()
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        lock.unlock()
    }

    func end(_ value: Int) {
        lock.lock()
        inFlight -= 1
        received.append(value)
        lock.unlock()
    }
}

@Suite struct ObserveOnTests {
    @Test func concurrentSendersAreDeliveredOneAtATimeOnAConcurrentScheduler() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let log = ObserveOnDeliveryLog()
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                log.begin()
                log.end(value)
            },
            onCompleted: { done.signal() })
        DispatchQueue.concurrentPerform(iterations: 4) { sender in
            for index in 0..<250 { subject.onNext(sender * 1_000 + index) }
        }
        subject.onCompleted()
        #expect(done.wait(timeout: .now() + 30) == .success)
        subscription.dispose()
        #expect(log.maxInFlight == 1)
        #expect(log.received.count == 1_000)
        for sender in 0..<4 {
            let fromSender = log.received.filter { $0 / 1_000 == sender }
            #expect(fromSender == Array(sender * 1_000 ..< sender * 1_000 + 250))
        }
    }

    @Test func eachEventArrivesOneTickLaterOnTheTestScheduler() {
        // TestScheduler's simulateProcessingDelay runs work scheduled for "now" one tick later.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .next(221, 3), .completed(251)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorIsDeliveredOnTheSchedulerAfterEarlierElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .error(251, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func eventsArrivingTogetherAreDeliveredInOrderOneHopEach() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .completed(210)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .next(212, 2), .completed(213)])
    }

    @Test func disposalStopsDeliveryOfQueuedEvents() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(214, 2), .next(230, 3)])
        let res = scheduler.start(disposed: 215) { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func deprecatedObserveOnIsObserveOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(250)])
        let res = scheduler.start { (ObserveOnDeprecatedCalls() as any ObserveOnDeprecatedAliases).observeOn(xs.asObservable(), scheduler) }
        #expect(res.events == [.next(211, 2), .completed(251)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(10, 2), .completed(20)])
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { xs.observe(on: scheduler) }
            _ = scheduler.start { ys.observe(on: scheduler) }
            _ = scheduler.start(disposed: 211) { xs.observe(on: scheduler) }
        }
        #expect(delta == 0)
    }
}
