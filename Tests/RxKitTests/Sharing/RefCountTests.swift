import Foundation
import RxKit
import RxKitTest
import Testing

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

    // RxSwift: `publish()` is `multicast { PublishSubject() }`, a fresh subject per connection, so a
    // subscriber after the completion connects again (RxSwift's MulticastTests,
    // testRefCount_synchronousResubscribingOnCompletedWorks: the source is subscribed again).
    @Test func completionReachesEverySubscriberAndALaterSubscriberReconnects() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250), .next(310, 3)])
        let ys = xs.publish().refCount()
        let first = record(ys, on: scheduler, from: 200)
        let second = record(ys, on: scheduler, from: 220)
        let afterEnd = record(ys, on: scheduler, from: 300, to: 400)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .next(230, 2), .completed(250)])
        #expect(second.events == [.next(230, 2), .completed(250)])
        #expect(afterEnd.events == [.next(310, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250), Subscription(300, 400)])
    }

    /// `publish().refCount()` under `retry`: the retry resubscribes, which connects the source again with a
    /// fresh subject (RxSwift: testRefCount_synchronousResubscribingOnErrorWorks, where a subscriber
    /// resubscribing on the error gets the next source's elements).
    @Test func retryResubscribesTheSourceThroughAFreshSubject() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let res = scheduler.start(disposed: 265) { xs.publish().refCount().retry() }
        #expect(res.events == [.next(210, 1), .next(230, 1), .next(250, 1)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(220, 240), Subscription(240, 260), Subscription(260, 265)])
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

    // A connection that ended inside `connect()` leaves nothing behind: the next subscriber connects again
    // with a fresh subject (RxSwift: `publish()` is `multicast { PublishSubject() }`; MulticastTests,
    // testRefCount_synchronousResubscribingOnCompletedWorks).
    @Test func synchronousSourceIsSubscribedAgainForASubscriberAfterItCompleted() {
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
        #expect(second.map { "\($0)" } == ["next(1)", "next(2)", "completed"])
        #expect(subscriptions == 2)
    }

    // With one given subject (`multicast(subject)`), the subject stays terminated: a later subscriber gets
    // the terminal event and nothing is connected (RxSwift: testRefCount_DoesntConnectsOnFirstInCaseSynchronousCompleted).
    @Test func aGivenSubjectThatTerminatedIsNotConnectedAgain() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create()
        }
        let shared = source.multicast(PublishSubject<Int>()).refCount()
        var first: [Event<Int>] = []
        var second: [Event<Int>] = []
        _ = shared.subscribe { first.append($0) }
        _ = shared.subscribe { second.append($0) }
        #expect(first.map { "\($0)" } == ["next(1)", "completed"])
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
            _ = record(ys, on: scheduler, from: 400, to: 450)  // connects again: a fresh subject
            _ = Observable<Int>.just(1).publish().refCount().subscribe { _ in }
            scheduler.start()
        }
        #expect(delta == 0)
    }

    /// A connectable whose connections pass through `gate` when disposed; like RxSwift's, while its base is
    /// connected `connect()` hands back (a handle on) that same connection.
    struct GatedConnectable<Base: ConnectableObservableType>: ConnectableObservableType {
        typealias Element = Base.Element
        let base: Base
        let gate: DisposeGate

        func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
            base.subscribe(observer)
        }

        func connect() -> Disposable {
            let connection = base.connect()
            return Disposables.create { [gate] in
                gate.disposing()
                connection.dispose()
            }
        }
    }

    /// A subscriber arriving while the last one's departure is still disposing the connection (held on
    /// another thread) waits for that disposal to return, then subscribes to a fresh subject and connects
    /// it — never left subscribed to the subject being disconnected with nothing connected. (RxSwift's
    /// `RefCount` holds its lock across the disconnection; `publish()` makes a subject per connection.)
    @Test func aSubscriberArrivingDuringTheLastOnesDisconnectIsConnectedAfterIt() {
        final class Values: @unchecked Sendable {
            private let lock = NSLock()
            private var received: [Int] = []
            func append(_ value: Int) { lock.lock(); received.append(value); lock.unlock() }
            var value: [Int] { lock.lock(); defer { lock.unlock() }; return received }
        }
        let gate = DisposeGate()
        let source = PublishSubject<Int>()
        let shared = GatedConnectable(base: source.publish(), gate: gate).refCount()
        struct Handle: @unchecked Sendable { let disposable: Disposable }  // disposing is thread-safe
        let first = Handle(disposable: shared.subscribe(onNext: { _ in }))
        let departed = DispatchSemaphore(value: 0)
        Thread {
            first.disposable.dispose()
            departed.signal()
        }.start()
        gate.inDispose.wait()  // the last subscriber left; its connection's disposal is held
        let values = Values()
        let subscribed = DispatchSemaphore(value: 0)
        let second = Locked<Disposable?>(nil)
        Thread {
            let subscription = shared.subscribe(onNext: { values.append($0) })
            second.set(subscription)
            subscribed.signal()
        }.start()
        source.onNext(7)  // to the connection being disconnected: the second subscriber is not on it
        gate.proceed.signal()
        departed.wait()
        subscribed.wait()
        source.onNext(8)  // through the connection the second subscriber made
        #expect(values.value == [8], "the subscriber was left without a connection, or joined the old one")
        second.get()?.dispose()
        #expect(!source.hasObservers, "the last subscriber's departure left the source connected")
    }

    final class Locked<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value
        init(_ value: Value) { stored = value }
        func set(_ value: Value) { lock.lock(); stored = value; lock.unlock() }
        func get() -> Value { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
