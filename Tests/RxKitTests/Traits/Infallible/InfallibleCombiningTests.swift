import RxKit
import RxKitTest
import Testing

/// The generated combineLatest/zip arities of Infallible.
@Suite struct InfallibleCombiningTests {
    @Test func combineLatestEmitsOnceAllHaveAnElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)]).asInfallible(onErrorJustReturn: 0)
        let b = scheduler.createHotObservable([.next(220, "x")]).asInfallible(onErrorJustReturn: "")
        let res = scheduler.start { Infallible.combineLatest(a, b) { "\($0)\($1)" }.asObservable() }
        #expect(res.events == [.next(220, "1x"), .next(230, "2x")])
    }

    @Test func zipTupleOfThree() {
        var got: [String] = []
        _ = Infallible.zip(Infallible.of(1, 2), Infallible.of("a", "b"), Infallible.of(true, false))
            .subscribe(onNext: { got.append("\($0.0)\($0.1)\($0.2)") })
        #expect(got == ["1atrue", "2bfalse"])
    }

    // RxSwift's combineLatest(_:) on a collection: arrays of the latest elements, once all have one;
    // completes when every source has completed.
    @Test func combineLatestCollectionWithAndWithoutResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, 10), .completed(260)])
        let sources = [a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)]
        let arrays = scheduler.start(created: 100, subscribed: 200, disposed: 300) { Infallible.combineLatest(sources).asObservable() }
        #expect(arrays.events == [.next(220, [1, 10]), .next(230, [2, 10]), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(200, 260)])

        let s2 = TestScheduler(initialClock: 0)
        let c = s2.createHotObservable([.next(210, 1), .next(230, 2)])
        let d = s2.createHotObservable([.next(220, 10)])
        let sums = s2.start {
            Infallible.combineLatest([c.asInfallible(onErrorJustReturn: 0), d.asInfallible(onErrorJustReturn: 0)]) { $0.reduce(0, +) }.asObservable()
        }
        #expect(sums.events == [.next(220, 11), .next(230, 12)])
        #expect(c.subscriptions == [Subscription(200, 1000)])
        #expect(d.subscriptions == [Subscription(200, 1000)])
    }

    // Observable.zip(_:) semantics (RxSwift 6's Infallible has no collection zip): the n-th elements
    // of all sources together; completes once every source has completed.
    @Test func zipCollectionWithAndWithoutResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(260)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(250, 20), .completed(260)])
        let arrays = scheduler.start {
            Infallible.zip([a.asInfallible(onErrorJustReturn: 0), b.asInfallible(onErrorJustReturn: 0)]).asObservable()
        }
        #expect(arrays.events == [.next(220, [1, 10]), .next(250, [2, 20]), .completed(260)])
        #expect(a.subscriptions == [Subscription(200, 260)])
        #expect(b.subscriptions == [Subscription(200, 260)])

        let s2 = TestScheduler(initialClock: 0)
        let c = s2.createHotObservable([.next(210, 1), .next(230, 2)])
        let d = s2.createHotObservable([.next(220, 10), .next(240, 20)])
        let sums = s2.start(disposed: 235) {
            Infallible.zip([c.asInfallible(onErrorJustReturn: 0), d.asInfallible(onErrorJustReturn: 0)]) { $0.reduce(0, +) }.asObservable()
        }
        #expect(sums.events == [.next(220, 11)])
        #expect(c.subscriptions == [Subscription(200, 235)])
        #expect(d.subscriptions == [Subscription(200, 235)])
    }
}
