import RxKit
import RxKitTest
import Testing

/// The deprecated aliases are called from deprecated witnesses (no warning inside a deprecated context)
/// behind non-deprecated protocol requirements, so the tests call them without a warning either.
protocol CatchDeprecatedAliases {
    func runDeprecatedAliases() -> ([Recorded<Event<Int>>], [Recorded<Event<Int>>])
    func runDeprecatedAlias() -> [Recorded<Event<Int>>]
}

struct CatchDeprecatedCalls: CatchDeprecatedAliases {
    @available(*, deprecated)
    func runDeprecatedAliases() -> ([Recorded<Event<Int>>], [Recorded<Event<Int>>]) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let ys = scheduler.createColdObservable([.next(5, 7), .completed(5)])
        let first = scheduler.start { xs.catchError { _ in ys.asObservable() } }
        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .error(230, testError)])
        let second = scheduler2.start { xs2.catchErrorJustReturn(99) }
        return (first.events, second.events)
    }

    @available(*, deprecated)
    func runDeprecatedAlias() -> [Recorded<Event<Int>>] {
        let scheduler = TestScheduler(initialClock: 0)
        let xs1 = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), .completed(20)])
        return scheduler.start { Observable.catchError([xs1.asObservable(), xs2.asObservable()]) }.events
    }
}

@Suite struct CatchTests {
    @Test func continuesWithTheHandlersSequenceAfterAnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .error(230, testError), .next(240, 9)])
        let ys = scheduler.createColdObservable([.next(10, 3), .next(15, 4), .completed(20)])
        var caught: [String] = []
        let res = scheduler.start {
            xs.catch { error in
                caught.append("\(error)")
                return ys.asObservable()
            }
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(240, 3), .next(245, 4), .completed(250)])
        #expect(caught == ["\(testError)"])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 250)])
    }

    @Test func completionPassesThroughWithoutCallingTheHandler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        var handlerCalls = 0
        let res = scheduler.start {
            xs.catch { _ in
                handlerCalls += 1
                return ys.asObservable()
            }
        }
        #expect(res.events == [.next(210, 1), .completed(250)])
        #expect(handlerCalls == 0)
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(ys.subscriptions == [])
    }

    @Test func errorThrownByTheHandlerEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start {
            xs.catch { _ -> Observable<Int> in throw otherError }
        }
        #expect(res.events == [.next(210, 1), .error(230, otherError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorOfTheFallbackIsNotCaughtAgain() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let ys = scheduler.createColdObservable([.next(5, 2), .error(10, otherError)])
        var handlerCalls = 0
        let res = scheduler.start {
            xs.catch { _ in
                handlerCalls += 1
                return ys.asObservable()
            }
        }
        #expect(res.events == [.next(210, 1), .next(235, 2), .error(240, otherError)])
        #expect(handlerCalls == 1)
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 240)])
    }

    @Test func disposalBeforeTheErrorUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let ys = scheduler.createColdObservable([.next(10, 3), .completed(20)])
        let res = scheduler.start(disposed: 225) { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 225)])
        #expect(ys.subscriptions == [])
    }

    @Test func disposalDuringTheFallbackUnsubscribesIt() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let ys = scheduler.createColdObservable([.next(10, 3), .next(30, 4), .completed(40)])
        let res = scheduler.start(disposed: 245) { xs.catch { _ in ys.asObservable() } }
        #expect(res.events == [.next(210, 1), .next(240, 3)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(ys.subscriptions == [Subscription(230, 245)])
    }

    /// A source that fails during its subscribe: the fallback is subscribed then, and stays — the source's
    /// subscription, returned afterwards, is disposed instead of replacing it (RxSwift's `catch` assigns
    /// the source's subscription through a `SingleAssignmentDisposable` placed first, with this effect).
    @Test func aSourceFailingDuringSubscribeKeepsTheFallbackAndDisposesTheSourceSubscription() {
        var sourceDisposed = false
        let source = Observable<Int>.create { observer in
            observer.onError(testError)
            return Disposables.create { sourceDisposed = true }
        }
        let fallback = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = source.catch { _ in fallback.asObservable() }.subscribe(onNext: { received.append($0) })
        #expect(sourceDisposed, "the failed source's subscription was kept")
        #expect(fallback.hasObservers, "the fallback's subscription was replaced by the source's")
        fallback.onNext(5)
        #expect(received == [5])
        subscription.dispose()
        #expect(!fallback.hasObservers)
    }

    @Test func deprecatedAliasesBehaveLikeTheirRenamedOperators() {
        let (catchErrorEvents, justReturnEvents) = (CatchDeprecatedCalls() as any CatchDeprecatedAliases).runDeprecatedAliases()
        #expect(catchErrorEvents == [.next(210, 1), .next(235, 7), .completed(235)])
        #expect(justReturnEvents == [.next(210, 1), .next(230, 99), .completed(230)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .error(20, testError)])
            let ys = scheduler.createColdObservable([.next(10, 2), .completed(20)])
            _ = scheduler.start { xs.catch { _ in ys.asObservable() } }
            _ = scheduler.start { xs.catchAndReturn(5) }
            _ = scheduler.start(disposed: 215) { xs.catch { _ in ys.asObservable() } }
        }
        #expect(delta == 0)
    }
}
