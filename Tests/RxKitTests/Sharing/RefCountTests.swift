import RxKit
import RxKitTest
import Testing

/// Subscribes a recording observer to `source` at `start` (and disposes it at `end`, if given).
fileprivate func record<Source: ObservableType>(
    _ source: Source, on scheduler: TestScheduler, from start: TestTime, to end: TestTime? = nil
) -> TestableObserver<Source.Element> {
    let observer = scheduler.createObserver(Source.Element.self)
    var subscription: Disposable?
    scheduler.scheduleAt(start) { subscription = source.subscribe(observer) }
    if let end { scheduler.scheduleAt(end) { subscription?.dispose() } }
    return observer
}

@Suite struct RefCountTests {
    @Test func connectsForTheFirstSubscriberAndDisconnectsWhenTheLastLeaves() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(420, 5), .next(460, 6),
        ])
        let ys = xs.publish().refCount()
        let first = record(ys, on: scheduler, from: 200, to: 240)
        let second = record(ys, on: scheduler, from: 220, to: 260)
        let third = record(ys, on: scheduler, from: 400, to: 450)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(230, 2)])
        #expect(second.events == [.next(230, 2), .next(250, 3)])
        #expect(third.events == [.next(420, 5)])
        #expect(xs.subscriptions == [Subscription(200, 260), Subscription(400, 450)])
    }

    @Test func completionReachesEverySubscriberAndPublishNeverResubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let ys = xs.publish().refCount()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 220)
        let afterEnd = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(230, 2), .completed(250)])
        #expect(second.events == [.next(230, 2), .completed(250)])
        #expect(afterEnd.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorReachesEverySubscriber() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let ys = xs.publish().refCount()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 220)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .error(250, testError)])
        #expect(second.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func aFreshSubjectPerConnectionReconnectsAfterTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = xs.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .completed(220)])
        #expect(second.events == [.next(310, 1), .completed(320)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func synchronousSourceIsSubscribedOnceAndDeliveredToTheFirstSubscriber() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }
        let shared = source.publish().refCount()
        var first: [Event<Int>] = []
        var second: [Event<Int>] = []
        _ = shared.subscribe { first.append($0) }
        _ = shared.subscribe { second.append($0) }
        #expect(first.map { "\($0)" } == ["next(1)", "next(2)", "completed"])
        #expect(second.map { "\($0)" } == ["completed"])
        #expect(subscriptions == 1)
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = xs.publish().refCount()
            _ = record(ys, on: scheduler, from: 200, to: 220)
            _ = record(ys, on: scheduler, from: 225)
            _ = record(ys, on: scheduler, from: 400)
            _ = Observable<Int>.just(1).publish().refCount().subscribe { _ in }
            scheduler.start()
        }
        #expect(delta == 0)
    }
}
