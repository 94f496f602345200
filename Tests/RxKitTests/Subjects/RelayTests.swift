import RxKit
import RxKitTest
import Testing

@Suite struct RelayTests {
    @Test func publishRelayForwardsAcceptedElements() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        relay.accept(0)
        let subscription = relay.subscribe(onNext: { received.append($0) })
        relay.accept(1)
        relay.accept(2)
        subscription.dispose()
        relay.accept(3)
        #expect(received == [1, 2])
    }

    // RxRelay's PublishRelay is a PublishSubject without its terminal events: each observer gets the
    // elements accepted while it is subscribed, whether it joins first or later, through `asObservable()`
    // or directly, as one of RxKit's nodes or a plain `ObserverType`.
    @Test func publishRelayObserversOfEveryKindGetWhatIsAcceptedWhileSubscribed() {
        let relay = PublishRelay<Int>()
        var log: [String: [Int]] = [:]
        let a = relay.subscribe(onNext: { log["a", default: []].append($0) })
        relay.accept(1)
        let b = relay.asObservable().subscribe(AnyObserver<Int> { event in
            if case .next(let value) = event { log["b", default: []].append(value) }
        })
        let c = relay.map { $0 * 10 }.subscribe(onNext: { log["c", default: []].append($0) })
        relay.accept(2)
        a.dispose()
        relay.accept(3)
        b.dispose()
        c.dispose()
        relay.accept(4)
        #expect(log["a"] == [1, 2])
        #expect(log["b"] == [2, 3])
        #expect(log["c"] == [20, 30])
    }

    // A relay that is gone releases its observers; a subscription kept after it keeps nothing alive and
    // disposing it then does nothing (as a PublishSubject's, whose subscription holds it weakly in RxSwift).
    @Test func aReleasedPublishRelayKeepsNoObserverAlive() {
        weak var weakRelay: PublishRelay<Int>?
        weak var weakProbe: Probe?
        var keep: Disposable?
        do {
            let relay = PublishRelay<Int>()
            weakRelay = relay
            let probe = Probe()
            weakProbe = probe
            keep = relay.subscribe(onNext: { _ in _ = probe })
            relay.accept(1)
        }
        #expect(weakRelay == nil)
        #expect(weakProbe == nil)
        keep?.dispose()
    }

    @Test func behaviorRelayHoldsAndReplaysItsValue() {
        let relay = BehaviorRelay(value: "a")
        #expect(relay.value == "a")
        relay.accept("b")
        var received: [String] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        relay.accept("c")
        #expect(relay.value == "c")
        #expect(received == ["b", "c"])
    }

    @Test func replayRelayReplaysItsBuffer() {
        let relay = ReplayRelay<Int>.create(bufferSize: 2)
        [1, 2, 3].forEach(relay.accept)
        var received: [Int] = []
        _ = relay.subscribe(onNext: { received.append($0) })
        #expect(received == [2, 3])
        let unbounded = ReplayRelay<Int>.createUnbounded()
        [1, 2, 3].forEach(unbounded.accept)
        var all: [Int] = []
        _ = unbounded.subscribe(onNext: { all.append($0) })
        #expect(all == [1, 2, 3])
    }

    // RxRelay: a relay never completes; a bound source's completion is ignored.
    @Test func bindingToRelaysIgnoresCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.createUnbounded()
        let observer = scheduler.createObserver(Int.self)
        _ = publish.subscribe(observer)
        scheduler.scheduleAt(200) {
            _ = xs.bind(to: publish)
            _ = xs.bind(to: behavior)
            _ = xs.bind(to: replay)
        }
        scheduler.start()
        #expect(observer.events == [.next(210, 1), .next(220, 2)])
        #expect(behavior.value == 2)
        publish.accept(3)  // still alive after the source completed
        #expect(observer.events.last == .next(230, 3))
        // As in RxSwift, bind(to:) subscribes a plain closure observer: the source subscription stays
        // open until the binding is disposed.
        #expect(xs.subscriptions == [Subscription(200), Subscription(200), Subscription(200)])
    }

    @Test func bindingToOptionalRelayWrapsElements() {
        let relay = BehaviorRelay<Int?>(value: nil)
        _ = Observable.just(5).bind(to: relay)
        #expect(relay.value == 5)
    }

    @Test func bindingToObserversForwardsEveryEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let first = scheduler.createObserver(Int.self)
        let second = scheduler.createObserver(Int.self)
        _ = Observable.just(1).bind(to: first, second)
        #expect(first.events == [.next(0, 1), .completed(0)])
        #expect(second.events == first.events)
    }

    @Test func bindToBinderFunctionAndCurriedArgument() {
        func count(_ source: Observable<Int>) -> Int {
            var total = 0
            _ = source.subscribe(onNext: { total += $0 })
            return total
        }
        func scaled(_ source: Observable<Int>) -> (Int) -> Int {
            { factor in count(source) * factor }
        }
        let source = Observable.just(3)
        #expect(source.bind(to: count) == 3)
        #expect(source.bind(to: scaled, curriedArgument: 2) == 6)
    }

    // RxRelay: each relay's `asInfallible()` passes what is accepted and never fails.
    @Test func everyRelayConvertsToAnInfallibleOfItsElements() {
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        var seen: [String] = []
        let bag = DisposeBag()
        publish.asInfallible().subscribe(onNext: { seen.append("p\($0)") }).disposed(by: bag)
        behavior.asInfallible().subscribe(onNext: { seen.append("b\($0)") }).disposed(by: bag)
        replay.accept(7)
        replay.asInfallible().subscribe(onNext: { seen.append("r\($0)") }).disposed(by: bag)
        publish.accept(1)
        behavior.accept(2)
        #expect(seen == ["b0", "r7", "p1", "b2"])
    }
}
