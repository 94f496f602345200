import Dispatch
import RxKit
import Testing

/// `FlatteningSink`, the one object per `flatMap`/`merge`/`concatMap`/`flatMapLatest`/`switchLatest`
/// subscription: it is its own drain, holds the outer subscription as its upstream and keeps the running
/// inners itself. These pin what the sink owes its subscriptions: disposal reaches the outer sequence and
/// every inner, once; the outer subscription goes as soon as the outer sequence completes; an inner that
/// completes goes at once while the rest runs on; a disposal during a delivery stops everything.
@Suite struct FlatteningSinkTests {
    final class Log {
        var entries: [String] = []
    }

    /// A sequence that logs its subscription's disposal and hands its observer to `observers`.
    static func logged(_ name: String, _ log: Log, _ observers: Box) -> Observable<Int> {
        Observable.create { observer in
            observers.observers[name] = observer
            return Disposables.create { log.entries.append("dispose \(name)") }
        }
    }

    final class Box {
        var observers: [String: AnyObserver<Int>] = [:]
    }

    // MARK: disposal

    // RxSwift's MergeSink keeps the source subscription and every inner's in one CompositeDisposable, which
    // disposes them in the order they were added: the outer subscription first, then the inners.
    @Test func disposingAMergeDisposesTheOuterThenEveryRunningInnerOnce() {
        let log = Log()
        let box = Box()
        let live = Resources.measure {
            let subscription = Self.logged("outer", log, box)
                .flatMap { Self.logged("inner \($0)", log, box) }
                .subscribe(onNext: { _ in })
            box.observers["outer"]?.onNext(1)
            box.observers["outer"]?.onNext(2)
            box.observers["outer"]?.onNext(3)
            subscription.dispose()
            #expect(log.entries == ["dispose outer", "dispose inner 1", "dispose inner 2", "dispose inner 3"])
            subscription.dispose()
            #expect(log.entries.count == 4)
            box.observers = [:]
        }
        #expect(live == 0)
    }

    // RxSwift's SwitchSink disposes its source subscription and its inner's SerialDisposable.
    @Test func disposingASwitchDisposesTheOuterAndTheCurrentInnerOnce() {
        let log = Log()
        let box = Box()
        let live = Resources.measure {
            let subscription = Self.logged("outer", log, box)
                .flatMapLatest { Self.logged("inner \($0)", log, box) }
                .subscribe(onNext: { _ in })
            box.observers["outer"]?.onNext(1)
            box.observers["outer"]?.onNext(2)
            #expect(log.entries == ["dispose inner 1"])
            subscription.dispose()
            #expect(log.entries == ["dispose inner 1", "dispose outer", "dispose inner 2"])
            subscription.dispose()
            #expect(log.entries.count == 3)
            box.observers = [:]
        }
        #expect(live == 0)
    }

    /// An inner whose `subscribe` returns after the subscription was disposed (from inside that `subscribe`)
    /// is disposed as soon as it arrives.
    @Test func anInnerAttachedAfterDisposalIsDisposedOnArrival() {
        let log = Log()
        let live = Resources.measure {
            var subscription: Disposable?
            let inner = Observable<Int>.create { observer in
                observer.onNext(1)  // the subscriber disposes everything here
                return Disposables.create { log.entries.append("dispose inner") }
            }
            let subject = PublishSubject<Int>()
            var values: [Int] = []
            subscription = subject.flatMap { _ in inner }.subscribe(onNext: { value in
                values.append(value)
                subscription?.dispose()
            })
            subject.onNext(0)
            #expect(values == [1])
            #expect(log.entries == ["dispose inner"])
            subject.onNext(0)
            #expect(values == [1])
            subscription = nil
        }
        #expect(live == 0)
    }

    // MARK: the outer sequence ends first

    // RxSwift's MergeSink and SwitchSink dispose the source subscription when the source completes while
    // inners still run; the inners go on and the sequence completes after the last one.
    @Test(arguments: [false, true])
    func theOuterSubscriptionGoesWhenTheOuterCompletesWhileInnersRun(latest: Bool) {
        let log = Log()
        let box = Box()
        let live = Resources.measure {
            var values: [Int] = []
            var completions = 0
            let outer = Self.logged("outer", log, box)
            let selector: (Int) -> Observable<Int> = { Self.logged("inner \($0)", log, box) }
            let subscription = (latest ? outer.flatMapLatest(selector) : outer.flatMap(selector))
                .subscribe(onNext: { values.append($0) }, onCompleted: { completions += 1 })
            box.observers["outer"]?.onNext(1)
            box.observers["outer"]?.onCompleted()
            #expect(log.entries == ["dispose outer"])
            box.observers["inner 1"]?.onNext(10)
            #expect(values == [10])
            #expect(completions == 0)
            box.observers["inner 1"]?.onCompleted()
            #expect(completions == 1)
            #expect(log.entries == ["dispose outer", "dispose inner 1"])
            subscription.dispose()
            #expect(log.entries.count == 2)
            box.observers = [:]
        }
        #expect(live == 0)
    }

    /// The outer sequence completes while it is being subscribed, before its subscription reaches the sink:
    /// that subscription is disposed as soon as it arrives, once, and the inner goes on.
    @Test func anOuterThatCompletesDuringItsSubscribeIsDisposedOnArrival() {
        let log = Log()
        let live = Resources.measure {
            let outer = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create { log.entries.append("dispose outer") }
            }
            let inner = PublishSubject<Int>()
            var values: [Int] = []
            var completions = 0
            let subscription = outer.flatMap { _ in inner }
                .subscribe(onNext: { values.append($0) }, onCompleted: { completions += 1 })
            #expect(log.entries == ["dispose outer"])
            inner.onNext(5)
            inner.onCompleted()
            #expect(values == [5])
            #expect(completions == 1)
            subscription.dispose()
            #expect(log.entries == ["dispose outer"])
        }
        #expect(live == 0)
    }

    // MARK: an inner ends first

    // RxSwift's MergeSinkIter removes (disposes) its own subscription from the group when it completes; the
    // others and the outer sequence go on.
    @Test func anInnerThatCompletesWhileTheOuterRunsIsDisposedAndTheRestGoesOn() {
        let log = Log()
        let box = Box()
        let live = Resources.measure {
            var values: [Int] = []
            var completions = 0
            let subscription = Self.logged("outer", log, box)
                .flatMap { Self.logged("inner \($0)", log, box) }
                .subscribe(onNext: { values.append($0) }, onCompleted: { completions += 1 })
            box.observers["outer"]?.onNext(1)
            box.observers["outer"]?.onNext(2)
            box.observers["inner 1"]?.onCompleted()
            #expect(log.entries == ["dispose inner 1"])
            box.observers["inner 2"]?.onNext(20)
            box.observers["outer"]?.onNext(3)
            box.observers["inner 3"]?.onNext(30)
            #expect(values == [20, 30])
            #expect(completions == 0)
            subscription.dispose()
            #expect(log.entries == ["dispose inner 1", "dispose outer", "dispose inner 2", "dispose inner 3"])
            box.observers = [:]
        }
        #expect(live == 0)
    }

    // MARK: disposal during a delivery

    @Test(arguments: [false, true])
    func disposingFromInsideADeliveryStopsEverything(latest: Bool) {
        let log = Log()
        let box = Box()
        let live = Resources.measure {
            var values: [Int] = []
            var subscription: Disposable?
            let outer = Self.logged("outer", log, box)
            let selector: (Int) -> Observable<Int> = { Self.logged("inner \($0)", log, box) }
            subscription = (latest ? outer.flatMapLatest(selector) : outer.flatMap(selector))
                .subscribe(onNext: { value in
                    values.append(value)
                    if value == 2 { subscription?.dispose() }
                })
            box.observers["outer"]?.onNext(1)
            box.observers["inner 1"]?.onNext(1)
            box.observers["inner 1"]?.onNext(2)
            #expect(log.entries == ["dispose outer", "dispose inner 1"])
            box.observers["inner 1"]?.onNext(3)
            box.observers["outer"]?.onNext(4)
            #expect(values == [1, 2])
            subscription = nil
            box.observers = [:]
        }
        #expect(live == 0)
    }

    // MARK: threads

    /// Inner elements sent from several threads at once reach the observer one at a time, every one of
    /// them (the sink's drain, on its own mutex).
    @Test func innerElementsFromSeveralThreadsAreSerialisedAndAllDelivered() {
        let inners = (0..<4).map { _ in PublishSubject<Int>() }
        let outer = PublishSubject<Int>()
        let state = DeliveryState()
        let subscription = outer.flatMap { inners[$0] }.subscribe(onNext: { state.deliver($0) })
        for index in inners.indices { outer.onNext(index) }
        DispatchQueue.concurrentPerform(iterations: inners.count) { index in
            for value in 0..<2_000 { inners[index].onNext(value) }
        }
        #expect(state.count == 8_000)
        #expect(!state.overlapped)
        subscription.dispose()
    }

    final class DeliveryState: @unchecked Sendable {
        private(set) var count = 0
        private(set) var overlapped = false
        private var inside = false

        func deliver(_ value: Int) {
            if inside { overlapped = true }
            inside = true
            count += 1
            inside = false
        }
    }
}
