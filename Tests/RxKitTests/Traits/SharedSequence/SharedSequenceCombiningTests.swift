import RxKit
import RxKitTest
import Testing

/// The generated combineLatest/zip arities of Driver and Signal, and the collection forms.
@Suite struct SharedSequenceCombiningTests {
    @Test func combineLatestTwoAndCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, 10)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                Driver.combineLatest(a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)) { $0 + $1 }.asObservable()
            }
            #expect(res.events == [.next(221, 11), .next(231, 12)])
        }
        let s2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: s2) {
            let res = s2.start { Driver.combineLatest([Driver.just(1), Driver.just(2)]) { $0.reduce(0, +) }.asObservable() }
            #expect(res.events == [.next(201, 3), .completed(201)])
        }
    }

    @Test func zipThreeAsTupleAndCollection() {
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                Signal.zip(Signal.of(1, 2), Signal.of("a", "b"), Signal.of(true, false)).map { "\($0.0)\($0.1)\($0.2)" }.asObservable()
            }
            #expect(res.events.map(\.value.element) == ["1atrue", "2bfalse", nil])
        }
        let s2 = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: s2) {
            let res = s2.start { Signal.zip([Signal.just(1), Signal.just(2)]) { $0 }.asObservable() }
            #expect(res.events == [.next(201, [1, 2]), .completed(201)])
        }
    }

    // RxCocoa's combineLatest(_:) on a collection: arrays of the latest elements, once all have one.
    @Test func combineLatestCollectionWithoutResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let b = scheduler.createHotObservable([.next(220, 10), .completed(260)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start {
                Driver.combineLatest([a.asDriver(onErrorJustReturn: 0), b.asDriver(onErrorJustReturn: 0)]).asObservable()
            }
            #expect(res.events == [.next(221, [1, 10]), .next(231, [2, 10]), .completed(261)])
        }
        #expect(a.subscriptions == [Subscription(200, 250)])
        #expect(b.subscriptions == [Subscription(200, 260)])
    }

    // RxCocoa's zip(_:) on a collection: arrays of the n-th elements of all sources.
    @Test func zipCollectionWithoutResultSelector() {
        let scheduler = TestScheduler(initialClock: 0)
        let a = scheduler.createHotObservable([.next(210, 1), .next(230, 2)])
        let b = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .next(250, 30)])
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start(disposed: 300) {
                Signal.zip([a.asSignal(onErrorJustReturn: 0), b.asSignal(onErrorJustReturn: 0)]).asObservable()
            }
            #expect(res.events == [.next(221, [1, 10]), .next(241, [2, 20])])
        }
        #expect(a.subscriptions == [Subscription(200, 300)])
        #expect(b.subscriptions == [Subscription(200, 300)])
    }
}
