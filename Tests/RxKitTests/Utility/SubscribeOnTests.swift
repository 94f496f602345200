import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

/// The deprecated alias is called from a deprecated witness (no warning inside a deprecated context)
/// behind a non-deprecated protocol requirement, so the test calls it without a warning either.
fileprivate protocol SubscribeOnDeprecatedAliases {
    func subscribeOn(_ source: TestableObservable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int>
}

fileprivate struct SubscribeOnDeprecatedCalls: SubscribeOnDeprecatedAliases {
    @available(*, deprecated)
    func subscribeOn(_ source: TestableObservable<Int>, _ scheduler: ImmediateSchedulerType) -> Observable<Int> {
        source.subscribeOn(scheduler)
    }
}

// Timelines as in RxSwift's own subscribe(on:) tests: subscribing and disposing each take a hop on the
// scheduler (TestScheduler runs "now" work one tick later).
@Suite struct SubscribeOnTests {
    @Test func subscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribedAt = 0
        var disposedAt = 0
        let xs = Observable<Int>.create { _ in
            subscribedAt = scheduler.clock
            return Disposables.create { disposedAt = scheduler.clock }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(subscribedAt == 201)
        #expect(disposedAt == 1001)
    }

    @Test func elementsPassThroughWhereTheSourceSendsThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }

    @Test func completionIsForwardedAndTheSourceDisposedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func errorIsForwardedAndTheSourceDisposedOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(300, testError)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func disposalBeforeTheScheduledSubscriptionMeansNoSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let res = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [])
    }

    @Test func deprecatedSubscribeOnIsSubscribeOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .completed(300)])
        let res = scheduler.start { (SubscribeOnDeprecatedCalls() as any SubscribeOnDeprecatedAliases).subscribeOn(xs, scheduler) }
        #expect(res.events == [.next(210, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { xs.subscribe(on: scheduler) }
            _ = scheduler.start(disposed: 205) { xs.subscribe(on: scheduler) }
            _ = scheduler.start(created: 100, subscribed: 200, disposed: 200) { xs.subscribe(on: scheduler) }
        }
        #expect(delta == 0)
    }

    // RxSwift's subscribe(on:) subscribes on the scheduler and disposes the subscription there too
    // (SubscribeOnSink.run's ScheduledDisposable); a SerialDispatchQueueScheduler takes its own path here.
    @Test func serialQueueSchedulerSubscribesAndDisposesOnItsQueue() {
        let queue = DispatchQueue(label: "subscribe-on-serial-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "subscribe-on-serial-test.inner")
        let subscribedOnQueue = DispatchSemaphore(value: 0)
        let disposedOnQueue = DispatchSemaphore(value: 0)
        let xs = Observable<Int>.create { observer in
            observer.onNext(1)
            if DispatchQueue.getSpecific(key: key) == 7 { subscribedOnQueue.signal() }
            return Disposables.create {
                if DispatchQueue.getSpecific(key: key) == 7 { disposedOnQueue.signal() }
            }
        }
        let received = LockedValues()
        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: { received.append($0) })
        #expect(subscribedOnQueue.wait(timeout: .now() + 30) == .success)
        subscription.dispose()
        #expect(disposedOnQueue.wait(timeout: .now() + 30) == .success)
        #expect(received.values == [1])
    }

    /// How the subscriber observes: RxKit's own nodes (the closure subscriber, a further operator's sink) get
    /// their sink made by the producer's node path; any other observer through `run`.
    enum ObserverKind: CaseIterable, Sendable { case closures, anyObserver, furtherOperator }

    // The same hops for every kind of subscriber, on a serial queue scheduler and on another scheduler
    // (RxSwift's SubscribeOnSink schedules the subscription and a ScheduledDisposable whatever observes it).
    @Test(arguments: ObserverKind.allCases, [true, false])
    func everyKindOfObserverIsSubscribedAndDisposedOnTheQueue(kind: ObserverKind, serialScheduler: Bool) {
        let queue = DispatchQueue(label: "subscribe-on-kinds")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 7)
        let serial = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "subscribe-on-kinds.inner")
        let scheduler: ImmediateSchedulerType = serialScheduler ? serial : CountingScheduler(serial)
        let subscribedOnQueue = DispatchSemaphore(value: 0)
        let disposedOnQueue = DispatchSemaphore(value: 0)
        let xs = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            if DispatchQueue.getSpecific(key: key) == 7 { subscribedOnQueue.signal() }
            return Disposables.create {
                if DispatchQueue.getSpecific(key: key) == 7 { disposedOnQueue.signal() }
            }
        }
        let received = LockedValues()
        let subscription: Disposable
        switch kind {
        case .closures:
            subscription = xs.subscribe(on: scheduler).subscribe(onNext: { received.append($0) })
        case .anyObserver:
            subscription = xs.subscribe(on: scheduler).subscribe(AnyObserver { event in
                if case .next(let value) = event { received.append(value) }
            })
        case .furtherOperator:
            subscription = xs.subscribe(on: scheduler).map { $0 * 10 }.subscribe(onNext: { received.append($0) })
        }
        #expect(subscribedOnQueue.wait(timeout: .now() + 30) == .success)
        subscription.dispose()
        #expect(disposedOnQueue.wait(timeout: .now() + 30) == .success)
        #expect(received.values == (kind == .furtherOperator ? [10, 20] : [1, 2]))
    }

    // RxSwift: disposing before the scheduled subscription runs cancels it (the scheduled action's
    // disposable is disposed first), so the source is never subscribed to.
    @Test func serialQueueSchedulerDisposalBeforeTheSubscriptionRunsMeansNoSubscription() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-serial-dispose")
        let gate = holdQueue(of: scheduler)
        let subscriptions = LockedValues()
        let xs = Observable<Int>.create { _ in
            subscriptions.append(1)
            return Disposables.create()
        }
        let subscription = xs.subscribe(on: scheduler).subscribe()
        subscription.dispose()
        gate.signal()
        #expect(flushQueue(of: scheduler))
        #expect(subscriptions.values.isEmpty)
    }

    // A source that ends while it is being subscribed to (a `just`) has its subscription disposed on the
    // scheduler too, and nothing is kept alive afterwards.
    @Test func serialQueueSchedulerReleasesEveryResource() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-serial-resources")
        let delta = resourceDelta {
            let done = DispatchSemaphore(value: 0)
            let subscription = Observable.just(1).subscribe(on: scheduler).subscribe(onCompleted: { done.signal() })
            _ = done.wait(timeout: .now() + 30)
            subscription.dispose()
            _ = flushQueue(of: scheduler)
        }
        #expect(delta == 0)
    }
    // RxSwift's subscribe(on:) disposes the source's subscription on the scheduler
    // (ScheduledDisposable), also when the disposal comes while that subscription is being made: the
    // subscription made then is disposed, on the queue, once it is there.
    @Test func serialQueueSchedulerDisposalDuringTheSubscriptionDisposesItOnTheQueue() {
        let queue = DispatchQueue(label: "subscribe-on-serial-dispose-during")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 5)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "subscribe-on-serial-dispose-during.inner")
        let gate = holdQueue(of: scheduler)
        let subscribing = DispatchSemaphore(value: 0)
        let disposedMeanwhile = DispatchSemaphore(value: 0)
        let disposals = LockedValues()
        let xs = Observable<Int>.create { _ in
            subscribing.signal()
            _ = disposedMeanwhile.wait(timeout: .now() + 30)
            return Disposables.create {
                disposals.append(DispatchQueue.getSpecific(key: key) ?? 0)
            }
        }
        let subscription = xs.subscribe(on: scheduler).subscribe()
        gate.signal()
        #expect(subscribing.wait(timeout: .now() + 30) == .success)
        subscription.dispose()
        #expect(disposals.values.isEmpty)
        disposedMeanwhile.signal()
        #expect(flushQueue(of: scheduler))
        #expect(flushQueue(of: scheduler))
        #expect(disposals.values == [5])
    }

    // RxSwift's ScheduledDisposable schedules the disposal on the scheduler even when disposed from the
    // scheduler's own queue, and a SerialDispatchQueueScheduler always dispatches asynchronously: the
    // source's subscription is disposed in a later block on that queue, not inside `dispose()`.
    @Test func serialQueueSchedulerDisposalFromItsQueueIsScheduledOnTheQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-serial-dispose-on-queue")
        let disposals = LockedValues()
        let xs = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposals.append(1) }
        }
        let subscribed = DispatchSemaphore(value: 0)
        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: { _ in subscribed.signal() })
        #expect(subscribed.wait(timeout: .now() + 30) == .success)
        let disposedInside = LockedValues()
        _ = scheduler.schedule(()) { _ in
            subscription.dispose()
            disposedInside.append(disposals.values.count)
            return Disposables.create()
        }
        #expect(flushQueue(of: scheduler))
        #expect(flushQueue(of: scheduler))
        #expect(disposedInside.values == [0])
        #expect(disposals.values == [1])
    }

    // Nothing is kept once the subscription is disposed and the queue has run what was scheduled: not the
    // source, not the subscriber's closures (weak references), whether the source was subscribed to and
    // its subscription disposed on the queue, or ended while it was being subscribed to (`just`, and `map`
    // over it), or was never subscribed to (disposed first).
    @Test func serialQueueSchedulerDisposalReleasesTheSourceAndTheSubscriber() {
        final class Token: @unchecked Sendable {}
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-serial-weak")
        let sources: [() -> Observable<Int>] = [
            {
                Observable<Int>.create { observer in
                    observer.onNext(1)
                    return Disposables.create()
                }
            },
            { Observable.just(1) },
            { Observable.just(1).map { $0 * 2 } },
        ]
        for makeSource in sources {
            for disposeFirst in [false, true] {
                weak var weakSource: Observable<Int>?
                weak var weakToken: Token?
                do {
                    let token = Token()
                    weakToken = token
                    let source = makeSource()
                    weakSource = source
                    let gate = disposeFirst ? holdQueue(of: scheduler) : nil
                    let delivered = DispatchSemaphore(value: 0)
                    let onNext: (Int) -> Void = { _ in
                        _ = token
                        delivered.signal()
                    }
                    let subscription = source.subscribe(on: scheduler).subscribe(onNext: onNext)
                    if let gate {
                        subscription.dispose()
                        gate.signal()
                    } else {
                        #expect(delivered.wait(timeout: .now() + 30) == .success)
                        subscription.dispose()
                    }
                }
                #expect(flushQueue(of: scheduler))
                #expect(flushQueue(of: scheduler))
                #expect(weakSource == nil)
                #expect(weakToken == nil)
            }
        }
    }

    // RxSwift's subscribe(on:) sends the subscription to the scheduler with `schedule` (an `async` on the
    // serial queue, which runs its work in the order it was sent): from each thread, subscriptions and the
    // other work it schedules run in the order that thread made them, however many threads subscribe at once.
    @Test func serialQueueSchedulerKeepsEachThreadsOrderWhenSeveralThreadsSubscribe() {
        final class PerThreadLog: @unchecked Sendable {
            /// Written on the scheduler's queue only; read once the queue is flushed.
            var entries: [[Int]]
            init(threads: Int) { entries = Array(repeating: [], count: threads) }
        }
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-serial-threads")
        let threads = 4
        let perThread = 1_000
        let log = PerThreadLog(threads: threads)
        let subscriptions = CompositeDisposable()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for step in 0..<perThread {
                let source = Observable<Int>.create { _ in
                    log.entries[thread].append(2 * step)
                    return Disposables.create()
                }
                _ = subscriptions.insert(source.subscribe(on: scheduler).subscribe())
                _ = scheduler.schedule(()) { _ in
                    log.entries[thread].append(2 * step + 1)
                    return Disposables.create()
                }
            }
        }
        #expect(flushQueue(of: scheduler))
        for thread in 0..<threads {
            #expect(log.entries[thread] == Array(0..<2 * perThread))
        }
        subscriptions.dispose()
    }

    // MainScheduler is a SerialDispatchQueueScheduler (as in RxSwift): subscribed from another thread, it
    // subscribes to the source on the main queue and disposes the source's subscription there too.
    @Test func mainSchedulerSubscribesAndDisposesOnTheMainQueue() async {
        let places = LockedValues()
        let onMain: @Sendable () -> Int = { DispatchQueue.getSpecific(key: mainQueueKey) != nil ? 1 : 0 }
        await withCheckedContinuation { (disposed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                let source = Observable<Int>.create { observer in
                    places.append(10 + onMain())
                    observer.onNext(1)
                    return Disposables.create {
                        places.append(20 + onMain())
                        disposed.resume()
                    }
                }
                let delivered = DispatchSemaphore(value: 0)
                let subscription = source.subscribe(on: MainScheduler.instance).subscribe(onNext: { _ in delivered.signal() })
                _ = delivered.wait(timeout: .now() + 30)
                subscription.dispose()
            }
        }
        #expect(places.values == [11, 21])
    }

    // Any scheduler other than a serial dispatch queue's schedules the subscription and then the disposal
    // through `schedule` (RxSwift's SubscribeOnSink.run: scheduler.schedule, then ScheduledDisposable).
    @Test func otherSchedulersScheduleTheSubscriptionAndTheDisposalThroughSchedule() {
        let scheduler = CountingScheduler(SerialDispatchQueueScheduler(internalSerialQueueName: "subscribe-on-counting"))
        let disposals = LockedValues()
        let xs = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { disposals.append(1) }
        }
        let received = LockedValues()
        let subscribed = DispatchSemaphore(value: 0)
        let subscription = xs.subscribe(on: scheduler).subscribe(onNext: {
            received.append($0)
            subscribed.signal()
        })
        #expect(subscribed.wait(timeout: .now() + 30) == .success)
        #expect(scheduler.scheduled.values == [1])
        subscription.dispose()
        // Twice: `subscribed` is signalled while the scheduled subscription is still running, so the
        // disposal it schedules once it has the source's subscription may land behind the first flush.
        #expect(flushQueue(of: scheduler.base))
        #expect(flushQueue(of: scheduler.base))
        #expect(scheduler.scheduled.values == [1, 1])
        #expect(disposals.values == [1])
        #expect(received.values == [1])
    }
}

/// Forwards to a serial dispatch queue's scheduler, counting `schedule` calls: for `subscribe(on:)`, a
/// scheduler of another type.
private struct CountingScheduler: ImmediateSchedulerType {
    let base: SerialDispatchQueueScheduler
    let scheduled = LockedValues()

    init(_ base: SerialDispatchQueueScheduler) {
        self.base = base
    }

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduled.append(1)
        return base.schedule(state, action: action)
    }
}
