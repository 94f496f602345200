import Foundation
import RxKit
import RxKitTest
import Testing

/// Leak proofs for RxKit: every operator family, run to completion, to an error, and to disposal,
/// releases every observable, sink, subject and disposable it created (`Resources.measure` counts the
/// ones still alive; RxSwift's `Resources.total` idea).
@Suite("Leaks RxKit")
struct LeakRxKitTests {
    enum Ending: CaseIterable { case completed, failed, disposed }

    /// Builds `make(source, other, scheduler)`, feeds both sources 1, 2, 3 at times 10/20/30, ends them at
    /// 40 (or disposes at 40), drains the scheduler, and expects nothing left alive.
    func expectNoLeaks<Output>(_ name: String, sourceLocation: SourceLocation = #_sourceLocation,
                               _ make: @escaping (Observable<Int>, Observable<Int>, TestScheduler) -> Observable<Output>) {
        for ending in Ending.allCases {
            let live = Resources.measure {
                let scheduler = TestScheduler(initialClock: 0)
                let source = PublishSubject<Int>()
                let other = PublishSubject<Int>()
                let bag = DisposeBag()
                var subscription: Disposable?
                scheduler.scheduleAt(1) {
                    subscription = make(source.asObservable(), other.asObservable(), scheduler).subscribe(onNext: { _ in }, onError: { _ in })
                }
                for (time, value) in [(10, 1), (20, 2), (30, 3)] {
                    scheduler.scheduleAt(time) {
                        source.onNext(value)
                        other.onNext(value)
                    }
                }
                scheduler.scheduleAt(40) {
                    switch ending {
                    case .completed:
                        source.onCompleted()
                        other.onCompleted()
                    case .failed:
                        source.onError(LeakTestError.boom)
                        other.onError(LeakTestError.boom)
                    case .disposed:
                        subscription?.dispose()
                    }
                }
                scheduler.start()
                subscription = nil
                _ = bag
            }
            #expect(live == 0, "\(name) left \(live) RxKit resources alive after \(ending)", sourceLocation: sourceLocation)
        }
    }

    @Test func theMeasureSeesASubscriptionThatIsKeptAlive() {
        var kept: Disposable?
        let live = Resources.measure {
            kept = PublishSubject<Int>().map { $0 }.subscribe()
        }
        #expect(!Resources.isTracking || live > 0, "a subscription kept alive must count")
        kept?.dispose()
    }

    @Test func combining() {
        expectNoLeaks("merge") { a, b, _ in Observable.merge(a, b) }
        expectNoLeaks("concat") { a, b, _ in a.concat(b) }
        expectNoLeaks("combineLatest") { a, b, _ in Observable.combineLatest(a, b) { $0 + $1 } }
        expectNoLeaks("zip") { a, b, _ in Observable.zip(a, b) { $0 + $1 } }
        expectNoLeaks("withLatestFrom") { a, b, _ in a.withLatestFrom(b) }
        expectNoLeaks("flatMap") { a, b, _ in a.flatMap { _ in b } }
        expectNoLeaks("flatMapLatest") { a, b, _ in a.flatMapLatest { _ in b } }
        expectNoLeaks("concatMap") { a, _, _ in a.concatMap { Observable.just($0) } }
        expectNoLeaks("amb") { a, b, _ in a.amb(b) }
        expectNoLeaks("startWith") { a, _, _ in a.startWith(0) }
    }

    @Test func creation() {
        expectNoLeaks("just/from/range") { a, _, _ in a.flatMap { Observable.from([$0, $0]).concat(Observable.just(1)).concat(Observable.range(start: 0, count: 2)) } }
        expectNoLeaks("create") { a, _, _ in
            Observable<Int>.create { observer in
                let inner = a.subscribe(observer)
                return Disposables.create { inner.dispose() }
            }
        }
        expectNoLeaks("deferred") { a, _, _ in Observable.deferred { a } }
        expectNoLeaks("timer/interval") { a, _, scheduler in a.flatMapLatest { _ in Observable<Int>.interval(.seconds(3), scheduler: scheduler).take(2) } }
        expectNoLeaks("using") { a, _, _ in Observable.using({ BooleanDisposable() }, observableFactory: { _ in a }) }
        expectNoLeaks("empty/never/error") { a, b, _ in a.flatMap { $0 == 2 ? Observable<Int>.empty() : Observable<Int>.never().take(until: b) }.concat(Observable<Int>.error(LeakTestError.boom)) }
    }

    @Test func errorHandling() {
        expectNoLeaks("catch") { a, b, _ in a.catch { _ in b } }
        expectNoLeaks("catchAndReturn") { a, _, _ in a.catchAndReturn(0) }
        expectNoLeaks("retry") { a, _, _ in a.retry(2) }
        expectNoLeaks("retryWhen") { a, _, _ in a.retry(when: { errors in errors.take(1) }) }
        expectNoLeaks("timeout") { a, b, scheduler in a.timeout(.seconds(5), other: b, scheduler: scheduler) }
    }

    @Test func filtering() {
        expectNoLeaks("filter/distinct") { a, _, _ in a.filter { $0 > 1 }.distinctUntilChanged() }
        expectNoLeaks("take/skip") { a, _, _ in a.skip(1).take(1) }
        expectNoLeaks("takeUntil/skipUntil") { a, b, _ in a.take(until: b).skip(until: b) }
        expectNoLeaks("takeWhile/skipWhile") { a, _, _ in a.take(while: { $0 < 3 }).skip(while: { $0 < 2 }) }
        expectNoLeaks("takeLast/elementAt") { a, _, _ in Observable.merge(a.takeLast(1), a.element(at: 1)) }
        expectNoLeaks("ignoreElements") { a, _, _ in a.ignoreElements().asObservable() }
        expectNoLeaks("single/sample") { a, b, _ in Observable.merge(a.single().catchAndReturn(0), a.sample(b)) }
    }

    @Test func sharing() {
        expectNoLeaks("share") { a, _, _ in
            let shared = a.share(replay: 1)
            return Observable.merge(shared, shared)
        }
        expectNoLeaks("publish/refCount") { a, _, _ in a.publish().refCount() }
        expectNoLeaks("replay/connect") { a, _, _ in
            Observable.create { observer in
                let connectable = a.replay(1)
                let subscription = connectable.subscribe(observer)
                let connection = connectable.connect()
                return Disposables.create(subscription, connection)
            }
        }
    }

    @Test func time() {
        expectNoLeaks("debounce/throttle") { a, _, scheduler in Observable.merge(a.debounce(.seconds(3), scheduler: scheduler), a.throttle(.seconds(3), scheduler: scheduler)) }
        expectNoLeaks("delay/delaySubscription") { a, _, scheduler in a.delay(.seconds(2), scheduler: scheduler).delaySubscription(.seconds(1), scheduler: scheduler) }
        expectNoLeaks("take/skip for a duration") { a, _, scheduler in a.take(for: .seconds(25), scheduler: scheduler).skip(for: .seconds(5), scheduler: scheduler) }
    }

    @Test func transforming() {
        expectNoLeaks("map/compactMap/scan") { a, _, _ in a.map { $0 * 2 }.compactMap { $0 }.scan(0, accumulator: +) }
        expectNoLeaks("reduce/toArray") { a, _, _ in Observable.merge(a.reduce(0, accumulator: +), a.toArray().asObservable().map(\.count)) }
        expectNoLeaks("buffer/window") { a, _, scheduler in
            Observable.merge(a.buffer(timeSpan: .seconds(15), count: 2, scheduler: scheduler).map(\.count),
                             a.window(timeSpan: .seconds(15), count: 2, scheduler: scheduler).flatMap { $0 })
        }
        expectNoLeaks("groupBy") { a, _, _ in a.groupBy { $0 % 2 }.flatMap { $0.asObservable() } }
        expectNoLeaks("materialize/dematerialize/enumerated") { a, _, _ in a.materialize().dematerialize().enumerated().map(\.element) }
    }

    @Test func utility() {
        expectNoLeaks("do/debug") { a, _, _ in a.do(onNext: { _ in }, onDispose: {}) }
        expectNoLeaks("ifEmpty") { a, b, _ in a.filter { _ in false }.ifEmpty(switchTo: b) }
        expectNoLeaks("observeOn/subscribeOn") { a, _, scheduler in a.observe(on: scheduler).subscribe(on: scheduler) }
    }

    @Test func subjectsRelaysAndTraits() {
        expectNoLeaks("subjects") { a, _, _ in
            let behavior = BehaviorSubject(value: 0)
            let replay = ReplaySubject<Int>.create(bufferSize: 2)
            let async = AsyncSubject<Int>()
            return Observable.create { observer in
                let feeds = [a.subscribe(behavior), a.subscribe(replay), a.subscribe(async)]
                let outputs = Observable.merge(behavior, replay, async).subscribe(observer)
                return Disposables.create(feeds + [outputs])
            }
        }
        expectNoLeaks("relays") { a, _, _ in
            let relay = BehaviorRelay(value: 0)
            let publish = PublishRelay<Int>()
            return Observable.create { observer in
                let feeds = [a.bind(to: relay), a.bind(to: publish)]
                let outputs = Observable.merge(relay.asObservable(), publish.asObservable()).take(until: a.materialize().filter(\.isStopEvent)).subscribe(observer)
                return Disposables.create(feeds + [outputs])
            }
        }
        expectNoLeaks("single/maybe/completable") { a, _, _ in
            Observable.merge(a.take(1).asSingle().asObservable(), a.take(1).asMaybe().asObservable())
        }
        expectNoLeaks("completable") { a, _, _ in
            a.ignoreElements().asCompletable().asObservable()
        }
    }
}

enum LeakTestError: Error { case boom }
