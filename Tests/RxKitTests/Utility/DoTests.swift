import RxKit
import RxKitTest
import Testing

@Suite struct DoTests {
    @Test func onHooksRunBeforeTheObserverAndAfterHooksRightAfter() {
        var log: [String] = []
        let subject = PublishSubject<Int>()
        let subscription = subject
            .do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onSubscribe: { log.append("onSubscribe") },
                onSubscribed: { log.append("onSubscribed") },
                onDispose: { log.append("onDispose") })
            .subscribe(onNext: { log.append("observer \($0)") })
        subject.onNext(1)
        subject.onNext(2)
        subscription.dispose()
        #expect(log == [
            "onSubscribe", "onSubscribed",
            "onNext 1", "observer 1", "afterNext 1",
            "onNext 2", "observer 2", "afterNext 2",
            "onDispose",
        ])
    }

    @Test func completionRunsItsHooksAndOnDisposeAtTheTimeOfCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        var log: [String] = []
        let res = scheduler.start {
            xs.do(
                onNext: { log.append("onNext \($0) @\(scheduler.clock)") },
                onError: { _ in log.append("onError") },
                onCompleted: { log.append("onCompleted @\(scheduler.clock)") },
                afterCompleted: { log.append("afterCompleted @\(scheduler.clock)") },
                onSubscribe: { log.append("onSubscribe @\(scheduler.clock)") },
                onDispose: { log.append("onDispose @\(scheduler.clock)") })
        }
        #expect(res.events == [.next(210, 1), .completed(250)])
        #expect(log == ["onSubscribe @200", "onNext 1 @210", "onCompleted @250", "afterCompleted @250", "onDispose @250"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorRunsItsHooksWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        var log: [String] = []
        let res = scheduler.start {
            xs.do(
                onError: { log.append("onError \($0) @\(scheduler.clock)") },
                afterError: { log.append("afterError \($0)") },
                onCompleted: { log.append("onCompleted") },
                onDispose: { log.append("onDispose @\(scheduler.clock)") })
        }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(log == ["onError \(testError) @230", "afterError \(testError)", "onDispose @230"])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorThrownByOnNextReplacesTheElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.do(onNext: { if $0 == 2 { throw testError } }) }
        #expect(res.events == [.next(210, 1), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func errorThrownByAfterNextFollowsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.do(afterNext: { if $0 == 2 { throw testError } }) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func errorThrownByOnErrorReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.do(onError: { _ in throw otherError }) }
        #expect(res.events == [.next(210, 1), .error(230, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorThrownByOnCompletedReplacesTheCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.do(onCompleted: { throw testError }) }
        #expect(res.events == [.next(210, 1), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorThrownAfterCompletionDoesNotFollowTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let res = scheduler.start { xs.do(afterCompleted: { throw testError }) }
        #expect(res.events == [.next(210, 1), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposalRunsOnDisposeOnceAndNoTerminalHooks() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        var log: [String] = []
        let res = scheduler.start(disposed: 250) {
            xs.do(onCompleted: { log.append("onCompleted") }, onDispose: { log.append("onDispose @\(scheduler.clock)") })
        }
        #expect(res.events == [.next(210, 1)])
        #expect(log == ["onDispose @250"])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let ys = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            _ = scheduler.start { xs.do(onNext: { _ in }, onDispose: {}) }
            _ = scheduler.start { ys.do(onError: { _ in }) }
            _ = scheduler.start(disposed: 215) { xs.do(afterNext: { _ in }, onSubscribe: {}) }
        }
        #expect(delta == 0)
    }
}
