import RxKit
import RxKitTest
import Testing

@Suite struct SubscribeTests {
    @Test func closuresRunInOrderAndOnDisposedLast() {
        var log: [String] = []
        _ = Observable.just(1).subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log == ["next 1", "completed", "disposed"])
    }

    @Test func errorRunsOnErrorThenOnDisposed() {
        var log: [String] = []
        _ = Observable<Int>.error(testError).subscribe(
            onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log == ["error TestError(1)", "disposed"])
    }

    @Test func disposingRunsOnDisposedOnceAndStopsDelivery() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.subscribe(onNext: { log.append("\($0)") }, onDisposed: { log.append("disposed") })
        subject.onNext(1)
        subscription.dispose()
        subscription.dispose()
        subject.onNext(2)
        #expect(log == ["1", "disposed"])
    }

    /// RxSwift releases the closures with the sink chain on dispose (its returned disposable holds none
    /// of them): keeping the disposable must not keep what the closures capture alive.
    @Test func closuresAreReleasedOnDisposeEvenIfTheDisposableIsKept() {
        final class Captured {}
        let subject = PublishSubject<Int>()
        weak var weakCaptured: Captured?
        var subscription: Disposable?
        do {
            let captured = Captured()
            weakCaptured = captured
            subscription = subject.subscribe(onNext: { _ in _ = captured }, onDisposed: { _ = captured })
        }
        #expect(weakCaptured != nil)
        subscription?.dispose()
        #expect(weakCaptured == nil, "the closures outlived dispose()")
        #expect(subscription != nil)
    }

    /// The grammar guard: once a terminal event starts, nothing reaches the closures, not even an
    /// element or a second terminal event sent re-entrantly from inside the terminal handler by a source
    /// that does not guard its own grammar.
    @Test func nothingReachesTheClosuresAfterTheFirstTerminalEvent() {
        var log: [String] = []
        let source = UnguardedSource()
        _ = source.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in
                log.append("error")
                source.observer?.on(.next(2))
                source.observer?.on(.completed)
            },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        source.observer?.on(.next(1))
        source.observer?.on(.error(testError))
        source.observer?.on(.next(3))
        #expect(log == ["next 1", "error", "disposed"])
    }

    @Test func terminalDuringSubscribeDisposesUpstreamAttachedAfterwards() {
        var log: [String] = []
        let source = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            return Disposables.create { log.append("upstream disposed") }
        }
        let subscription = source.map { $0 * 10 }.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        subscription.dispose()
        // As RxSwift: the terminal handler, then `onDisposed`, then the upstream, once it is attached.
        #expect(log == ["next 10", "completed", "disposed", "upstream disposed"])
    }

    @Test func subscribeWithObjectPassesItWeakly() {
        final class Owner { var seen: [Int] = [] }
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        _ = subject.subscribe(with: owner!, onNext: { owner, value in owner.seen.append(value) })
        subject.onNext(1)
        #expect(owner?.seen == [1])
        owner = nil
        #expect(weakOwner == nil)
        subject.onNext(2)  // ignored: the object is gone
    }

    @Test func eventClosureSubscription() {
        var events: [Event<Int>] = []
        _ = Observable.just(7).subscribe { events.append($0) }
        #expect(events == [.next(7), .completed])
    }

    @Test func createIgnoresEventsAfterTerminalAndRunsItsDisposable() {
        var disposed = 0
        var received: [Event<Int>] = []
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(testError)
            return Disposables.create { disposed += 1 }
        }.subscribe { received.append($0) }
        #expect(received == [.next(1), .completed])
        #expect(disposed == 1)
    }

    @Test func eventHelpers() {
        let next: Event<Int> = .next(3)
        #expect(next.element == 3 && !next.isStopEvent && next.error == nil)
        #expect(Event<Int>.completed.isCompleted)
        #expect(Event<Int>.error(testError).isStopEvent)
        #expect(next.map { $0 * 2 } == .next(6))
        #expect(next.map { _ -> Int in throw testError } == .error(testError))
        #expect(next.debugDescription == "next(3)")
    }

    @Test func anyObserverAndMapObserver() {
        var received: [Event<Int>] = []
        let observer = AnyObserver<Int> { received.append($0) }
        let strings = observer.mapObserver { (text: String) -> Int in
            guard let value = Int(text) else { throw testError }
            return value
        }
        strings.onNext("4")
        strings.onNext("x")
        #expect(received == [.next(4), .error(testError)])
    }

    // `just`, and map/filter over it, end before `subscribe(onNext:…)` returns: it calls the closures
    // without an observer or subscription object (Observable.subscribeSynchronously). These pin that the
    // closures see what RxSwift's AnonymousObserver would: element, terminal handler, then onDisposed.
    @Test func justThroughMapAndFilterRunsTheClosuresInOrder() {
        var log: [String] = []
        let subscription = Observable.just(4).map { $0 * 3 }.filter { $0 > 10 }.map { "v\($0)" }.subscribe(
            onNext: { log.append("next \($0)") },
            onError: { _ in log.append("error") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log == ["next v12", "completed", "disposed"])
        subscription.dispose()  // already over: onDisposed ran once and does not run again
        #expect(log == ["next v12", "completed", "disposed"])
    }

    @Test func justThroughAFilterThatDropsTheElementOnlyCompletes() {
        var log: [String] = []
        _ = Observable.just(4).filter { $0 > 10 }.subscribe(
            onNext: { log.append("next \($0)") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log == ["completed", "disposed"])
    }

    @Test func justThroughAThrowingMapRunsOnErrorThenOnDisposedAndNoLaterStage() {
        var log: [String] = []
        _ = Observable.just(4)
            .map { _ -> Int in throw testError }
            .filter { _ in log.append("later stage"); return true }
            .subscribe(
                onNext: { log.append("next \($0)") },
                onError: { log.append("error \($0 as? TestError == testError)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") }
            )
        #expect(log == ["error true", "disposed"])
    }

    // RxSwift's Producer runs a subscription on the current-thread trampoline: what the closures schedule
    // there runs after the terminal handler and onDisposed (which RxSwift's subscribe runs on completion).
    // RxSwift's `Just` overrides `subscribe` itself, so it starts no trampoline: with none running, what its
    // observer schedules runs at once (CurrentThreadScheduler.schedule), before the completion.
    @Test func justClosureSubscriptionRunsOnTheCurrentThreadTrampoline() {
        var log: [String] = []
        func scheduleMark(_ mark: String) {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append(mark)
                return Disposables.create()
            }
        }
        _ = Observable.just(1).subscribe(
            onNext: { log.append("next \($0)"); scheduleMark("scheduled by just") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        _ = Observable.just(1).map { $0 + 1 }.subscribe(
            onNext: { log.append("next \($0)"); scheduleMark("scheduled by map") },
            onCompleted: { log.append("completed") },
            onDisposed: { log.append("disposed") }
        )
        #expect(log == [
            "next 1", "scheduled by just", "completed", "disposed",
            "next 2", "completed", "disposed", "scheduled by map",
        ])
    }

    // Inside a running trampoline a Producer subscribes at once (RxSwift: `isScheduleRequired` is false).
    @Test func justClosureSubscriptionInsideARunningTrampolineDeliversAtOnce() {
        var log: [String] = []
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            _ = Observable.just(5).map { $0 * 2 }.subscribe(
                onNext: { log.append("next \($0)") }, onDisposed: { log.append("disposed") })
            log.append("after subscribe")
            return Disposables.create()
        }
        #expect(log == ["next 10", "disposed", "after subscribe"])
    }

    /// Nothing is kept once the subscription is over: the returned disposable holds none of the closures.
    @Test func justClosureSubscriptionKeepsNothingAliveAfterItReturns() {
        final class Captured {}
        weak var weakCaptured: Captured?
        var subscription: Disposable?
        let delta = resourceDelta {
            let captured = Captured()
            weakCaptured = captured
            subscription = Observable.just(1).map { $0 }.subscribe(onNext: { _ in _ = captured }, onDisposed: { _ = captured })
        }
        #expect(weakCaptured == nil, "the closures outlived the finished subscription")
        #expect(subscription != nil)
        #expect(delta == 0)
    }

}

/// A source that forwards whatever it is told, without RxKit's grammar guards (as a hand-written
/// `ObservableType` might), to show the subscriber's own guard.
final class UnguardedSource: ObservableType, @unchecked Sendable {
    typealias Element = Int
    private(set) var observer: AnyObserver<Int>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        self.observer = AnyObserver(observer)
        return Disposables.create { self.observer = nil }
    }
}
