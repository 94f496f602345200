import RxKit
import RxKitTest
import Testing

/// Infallible (RxSwift 6's Infallible.swift, Infallible+Create.swift, Infallible+Bind.swift).
@Suite struct InfallibleTests {
    let scheduler = TestScheduler(initialClock: 0)

    @Test func createDeliversElementsAndCompletionThenNothing() {
        var events: [String] = []
        var disposed = 0
        _ = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.next(2))
            observer(.completed)
            observer(.next(3))
            return Disposables.create { disposed += 1 }
        }.subscribe(onNext: { events.append("\($0)") }, onCompleted: { events.append("done") }, onDisposed: { events.append("disposed") })
        #expect(events == ["1", "2", "done", "disposed"])
        #expect(disposed == 1)
    }

    @Test func asInfallibleOnErrorJustReturn() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: -1).asObservable() }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func asInfallibleOnErrorFallbackTo() {
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError)])
        let fallback = scheduler.createColdObservable([.next(5, 7), .completed(10)])
        let res = scheduler.start { xs.asInfallible(onErrorFallbackTo: fallback.asInfallible(onErrorJustReturn: 0)).asObservable() }
        #expect(res.events == [.next(210, 1), .next(225, 7), .completed(230)])
        #expect(fallback.subscriptions == [Subscription(220, 230)])
    }

    @Test func asInfallibleOnErrorRecoverSeesTheError() {
        var seen: [TestError] = []
        let res = scheduler.start {
            Observable<Int>.error(testError).asInfallible(onErrorRecover: { error in
                seen.append(error as! TestError)
                return .just(3)
            }).asObservable()
        }
        #expect(res.events == [.next(200, 3), .completed(200)])
        #expect(seen == [testError])
    }

    @Test func creationHelpers() {
        var got: [Int] = []
        _ = Infallible.just(1).subscribe(onNext: { got.append($0) })
        _ = Infallible.of(2, 3).subscribe(onNext: { got.append($0) })
        _ = Infallible.from([4]).subscribe(onNext: { got.append($0) })
        _ = Infallible.from(optional: 5 as Int?).subscribe(onNext: { got.append($0) })
        _ = Infallible.from(optional: nil as Int?).subscribe(onNext: { got.append($0) })
        _ = Infallible<Int>.empty().subscribe(onNext: { got.append($0) })
        _ = Infallible.deferred { Infallible.just(6) }.subscribe(onNext: { got.append($0) })
        #expect(got == [1, 2, 3, 4, 5, 6])
    }

    @Test func timerInVirtualTime() {
        let res = scheduler.start(disposed: 260) { Infallible<Int>.timer(.seconds(20), period: .seconds(25), scheduler: scheduler).asObservable() }
        #expect(res.events == [.next(220, 0), .next(245, 1)])
    }

    @Test func bindToObserversAndRelays() {
        let relay = BehaviorRelay<Int>(value: 0)
        let optionalSubject = PublishSubject<Int?>()
        var optionals: [Int?] = []
        _ = optionalSubject.subscribe(onNext: { optionals.append($0) })
        let d1 = Infallible.of(1, 2).bind(to: relay)
        let d2 = Infallible.just(9).bind(to: optionalSubject)
        var got: [Int] = []
        let d3 = Infallible.just(3).bind(onNext: { got.append($0) })
        #expect(relay.value == 2)
        #expect(optionals == [9])
        #expect(got == [3])
        [d1, d2, d3].forEach { $0.dispose() }
    }

    @Test func subscribeWithObjectStopsWhenTheObjectIsGone() {
        final class Owner { var got: [Int] = [] }
        var owner: Owner? = Owner()
        let subject = PublishSubject<Int>()
        let d = subject.asInfallible(onErrorJustReturn: 0).subscribe(with: owner!, onNext: { $0.got.append($1) })
        subject.onNext(1)
        #expect(owner?.got == [1])
        weak let weakOwner = owner
        owner = nil
        #expect(weakOwner == nil)
        subject.onNext(2)
        d.dispose()
    }

    @Test func disposingReleasesEverything() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            let d = subject.asInfallible(onErrorJustReturn: 0).map { $0 + 1 }.subscribe(onNext: { _ in })
            #expect(subject.hasObservers)
            d.dispose()
            #expect(!subject.hasObservers)
        }
        #expect(delta == 0)
    }

    // RxCocoa Infallible+Bind: bind(to:) accepts each element into relays of optionals; bind(to:) with
    // a binder function returns binder(self), and with curriedArgument binder(self)(argument).
    @Test func bindToRelaysOfOptionalsAndBinderFunctions() {
        let publish = PublishRelay<Int?>()
        let behavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int?>.create(bufferSize: 3)
        var published: [Int?] = []
        _ = publish.subscribe(onNext: { published.append($0) })
        let source = Infallible.of(1, 2, 3)
        _ = source.bind(to: publish)
        _ = source.bind(to: behavior)
        _ = source.bind(to: replay)
        #expect(published == [1, 2, 3])
        #expect(behavior.value == 3)
        var replayed: [Int?] = []
        _ = replay.subscribe(onNext: { replayed.append($0) })
        #expect(replayed == [1, 2, 3])

        var received: [Int] = []
        let count = source.bind(to: { (infallible: Infallible<Int>) -> Int in
            _ = infallible.subscribe(onNext: { received.append($0) })
            return received.count
        })
        #expect(count == 3)
        #expect(received == [1, 2, 3])
        let sum = source.bind(to: { (infallible: Infallible<Int>) in { (offset: Int) -> Int in
            var total = offset
            _ = infallible.subscribe(onNext: { total += $0 })
            return total
        } }, curriedArgument: 10)
        #expect(sum == 16)
    }
}
