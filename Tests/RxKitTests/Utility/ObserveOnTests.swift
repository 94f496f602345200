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

/// Strings recorded from the scheduler's queue and read by the test.
fileprivate final class EventRecording: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    func record(_ item: String) {
        lock.lock()
        recorded.append(item)
        lock.unlock()
    }

    var items: [String] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}

@Suite struct ObserveOnTests {
    // RxKit's sinks hand terminal events to a sink with a terminal lane through that lane, past `on(_:)`:
    // on a serial queue the terminal event is still scheduled after the elements, in order, and ends the
    // subscription (RxSwift's observeOn delivers every event, the terminal one included, on the scheduler).
    @Test(arguments: [false, true])
    func aSerialQueueDeliversTheTerminalEventAfterTheElements(_ fails: Bool) {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.observeOn.terminal")
        let source = fails ? Observable.of(1, 2).concat(Observable<Int>.error(TestError(7))) : Observable.of(1, 2)
        let events = EventRecording()
        let disposed = DispatchSemaphore(value: 0)
        let subscription = source.observe(on: scheduler).subscribe(
            onNext: { events.record("next(\($0))") },
            onError: { events.record("error(\($0))") },
            onCompleted: { events.record("completed") },
            onDisposed: {
                events.record("disposed")
                disposed.signal()
            })
        #expect(disposed.wait(timeout: .now() + 30) == .success)
        #expect(events.items == ["next(1)", "next(2)", fails ? "error(TestError(7))" : "completed", "disposed"])
        subscription.dispose()
    }

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

    // RxSwift routes a SerialDispatchQueueScheduler (MainScheduler included) through its own sink that
    // schedules each event on the serial queue (ObserveOnSerialDispatchQueue); these pin that path.
    @Test func serialQueueSchedulerDeliversInOrderOnItsQueueOneAtATime() {
        let queue = DispatchQueue(label: "observe-on-serial-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "observe-on-serial-test.inner")
        let subject = PublishSubject<Int>()
        let log = ObserveOnDeliveryLog()
        let done = DispatchSemaphore(value: 0)
        let offQueue = LockedFlag()
        _ = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                log.begin()
                if DispatchQueue.getSpecific(key: key) != 7 { offQueue.set() }
                log.end(value)
            },
            onCompleted: { done.signal() })
        DispatchQueue.global().async {
            for value in 1...500 { subject.onNext(value) }
            subject.onCompleted()
        }
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(log.received == Array(1...500))
        #expect(log.maxInFlight == 1)
        #expect(!offQueue.isSet)
    }

    // RxSwift's ObserveOnSerialDispatchQueue schedules each event on its own, so each delivery keeps its
    // place among other work scheduled on the same scheduler meanwhile.
    @Test func serialQueueSchedulerDeliveriesKeepTheirPlaceAmongOtherWork() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-serial-interleaving")
        let gate = holdQueue(of: scheduler)
        let subject = PublishSubject<Int>()
        let received = LockedValues()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { received.append($0) })
        for value in 1...3 {
            subject.onNext(value)
            _ = scheduler.schedule(value) { value in
                received.append(-value)
                return Disposables.create()
            }
        }
        gate.signal()
        #expect(flushQueue(of: scheduler))
        #expect(received.values == [1, -1, 2, -2, 3, -3])
        subscription.dispose()
    }

    @Test func serialQueueSchedulerDropsWhatIsQueuedWhenDisposed() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "observe-on-serial-dispose")
        // Hold the queue so the events below wait behind this block.
        let gate = holdQueue(of: scheduler)
        let subject = PublishSubject<Int>()
        let received = LockedValues()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        gate.signal()
        #expect(flushQueue(of: scheduler))
        #expect(received.values.isEmpty)
    }

    @MainActor
    @Test func mainSchedulerDeliversInlineWhenAlreadyOnTheMainQueue() {
        // MainScheduler runs work inline on the main queue when nothing it scheduled is waiting (RxSwift's
        // MainScheduler.scheduleInternal); a fresh instance, so other tests' queued work cannot interfere.
        let main = MainScheduler()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var completed = false
        let subscription = subject.observe(on: main).subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
        subject.onNext(1)
        #expect(received == [1])
        subject.onNext(2)
        subject.onCompleted()
        #expect(received == [1, 2])
        #expect(completed)
        subscription.dispose()
    }

    // Sent from another thread, every event hops to the main queue, in order (RxSwift's MainScheduler
    // dispatches to the main queue off the main thread); once they have all run, nothing it dispatched is
    // waiting, so it runs work inline again (its numberEnqueued is back to 0).
    @MainActor
    @Test func mainSchedulerDeliversWhatAnotherThreadSendsInOrderThenRunsInlineAgain() async {
        let main = MainScheduler()
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var offMain = 0
        var subscription: Disposable?
        await withCheckedContinuation { (completed: CheckedContinuation<Void, Never>) in
            subscription = subject.observe(on: main).subscribe(
                onNext: { value in
                    received.append(value)
                    if DispatchQueue.getSpecific(key: mainQueueKey) == nil { offMain += 1 }
                },
                onCompleted: { completed.resume() }
            )
            DispatchQueue.global().async {
                for value in 0..<200 { subject.onNext(value) }
                subject.onCompleted()
            }
        }
        subscription?.dispose()
        #expect(received == Array(0..<200))
        #expect(offMain == 0)
        var ranInline = false
        _ = main.schedule(()) { _ in
            ranInline = true
            return Disposables.create()
        }
        #expect(ranInline)
    }
}

/// A flag set from another thread.
fileprivate final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

