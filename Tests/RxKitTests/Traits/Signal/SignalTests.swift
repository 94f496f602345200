import RxKit
import RxKitTest
import Testing

/// Signal (RxCocoa's Signal.swift, Signal+Subscription.swift): like Driver but without replay.
@Suite struct SignalTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func doesNotReplayToALateSubscriberButSharesTheSubscription() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(240, 3)])
        let first = scheduler.createObserver(Int.self)
        let late = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = xs.asSignal(onErrorJustReturn: 0)
            var bag: [Disposable] = []
            scheduler.scheduleAt(200) { bag.append(signal.emit(to: first)) }
            scheduler.scheduleAt(230) { bag.append(signal.emit(to: late)) }
            scheduler.scheduleAt(300) { bag.forEach { $0.dispose() } }
            scheduler.start()
        }
        #expect(first.events == [.next(211, 1), .next(221, 2), .next(241, 3)])
        #expect(late.events == [.next(241, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func errorsBecomeTheFallbacks() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        SharingScheduler.mock(scheduler: scheduler) {
            let a = scheduler.start(created: 100, subscribed: 200, disposed: 300) { xs.asSignal(onErrorJustReturn: -1).asObservable() }
            #expect(a.events == [.next(211, 1), .next(221, -1), .completed(221)])
        }
        let s2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: s2) {
            let fallback = Signal.just(9)
            var seen = 0
            let b = s2.start { Observable<Int>.error(testError).asSignal(onErrorSignalWith: fallback).asObservable() }
            let c = s2.start(created: 1000, subscribed: 1100, disposed: 1200) {
                Observable<Int>.error(testError).asSignal(onErrorRecover: { _ in seen += 1; return .empty() }).asObservable()
            }
            #expect(b.events == [.next(202, 9), .completed(202)])
            #expect(c.events == [.completed(1102)])
            #expect(seen == 1)
        }
    }

    @Test func emitToRelaysClosuresAndWithObject() {
        final class Router { var routes: [String] = [] }
        let router = Router()
        let publish = PublishRelay<Int>()
        var published: [Int] = []
        _ = publish.subscribe(onNext: { published.append($0) })
        let behavior = BehaviorRelay<Int>(value: 0)
        var completed = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = Signal.of(1, 2)
            scheduler.scheduleAt(200) {
                _ = signal.emit(to: publish)
                _ = signal.emit(to: behavior)
                _ = signal.emit(onCompleted: { completed += 1 })
                _ = signal.map { "/\($0)" }.emit(with: router, onNext: { $0.routes.append($1) })
            }
            scheduler.start()
        }
        #expect(published == [1, 2])
        #expect(behavior.value == 2)
        #expect(completed == 1)
        #expect(router.routes == ["/1", "/2"])
    }

    @Test func disposingTheEmitDisposesUpstream() {
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2)])
        let observer = scheduler.createObserver(Int.self)
        SharingScheduler.mock(scheduler: scheduler) {
            var d: Disposable?
            scheduler.scheduleAt(200) { d = xs.asSignal(onErrorJustReturn: 0).emit(to: observer) }
            scheduler.scheduleAt(230) { d?.dispose() }
            scheduler.start()
        }
        #expect(observer.events == [.next(211, 1)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    // RxCocoa Signal+Subscription: emit(to:) accepts each element into relays of optionals; emit() is
    // emit(onNext: nil, onCompleted: nil, onDisposed: nil) and still subscribes.
    @Test func emitToRelaysOfOptionalsAndBareEmit() {
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int?>.create(bufferSize: 2)
        var subscribed = 0
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = Signal.of(1, 2)
            _ = signal.emit(to: behavior)
            _ = signal.emit(to: replay)
            _ = Observable<Int>.never().do(onSubscribe: { subscribed += 1 }).asSignal(onErrorJustReturn: 0).emit()
            scheduler.start()
        }
        #expect(behavior.value == 2)
        var replayed: [Int?] = []
        _ = replay.subscribe(onNext: { replayed.append($0) })
        #expect(replayed == [1, 2])
        #expect(subscribed == 1)
    }
}
