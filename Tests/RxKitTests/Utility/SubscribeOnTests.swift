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
}
