import RxSwift
import RxRelay
import RxCocoa

// One use of every row of the migration table, in chains an RxSwift app writes.
final class EveryRow {
    let bag = DisposeBag()
    let source = PublishSubject<Int>()
    let other = BehaviorSubject<Int>(value: 0)
    let replay = ReplaySubject<Int>.create(bufferSize: 2)
    let async = AsyncSubject<Int>()
    let publish = PublishRelay<Int>()
    let behavior = BehaviorRelay<Int>(value: 0)
    let replayRelay = ReplayRelay<Int>.create(bufferSize: 1)
    let scheduler = MainScheduler.instance

    func transforming() {
        _ = source.map { $0 + 1 }.compactMap { $0 }.scan(0, accumulator: +).reduce(0, accumulator: +)
        _ = source.toArray()
        _ = source.startWith(0)
        _ = source.buffer(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
        _ = source.enumerated()
        _ = source.mapWithIndex { $1 }
        _ = source.materialize().dematerialize()
        _ = source.groupBy { $0 % 2 }
        _ = source.window(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
        _ = source.map { Data() }.decode(type: Int.self, decoder: JSONDecoder())
        _ = source.withUnretained(self)
    }

    func filtering() {
        _ = source.filter { $0 > 0 }.distinctUntilChanged()
        _ = source.take(2)
        _ = source.take(for: .seconds(1), scheduler: scheduler)
        _ = source.skip(1)
        _ = source.skip(for: .seconds(1), scheduler: scheduler)
        _ = source.take(while: { $0 < 3 })
        _ = source.skip(while: { $0 < 3 })
        _ = source.take(until: other)
        _ = source.skip(until: other)
        _ = source.element(at: 2)
        _ = source.ignoreElements()
        _ = source.takeLast(1)
        _ = source.single()
        _ = source.sample(other)
        _ = source.ifEmpty(default: 0)
    }

    func combining() {
        _ = Observable.merge(source, other)
        _ = Observable.zip(source, other)
        _ = Observable.combineLatest(source, other)
        _ = source.concat(other)
        _ = source.flatMap { _ in self.other }
        _ = source.flatMapLatest { _ in self.other }
        _ = source.map { _ in self.other }.switchLatest()
        _ = source.concatMap { _ in self.other }
        _ = source.flatMapFirst { _ in self.other }
        _ = source.withLatestFrom(other)
        _ = source.amb(other)
    }

    func errorsAndTime() {
        _ = source.catchAndReturn(0)
        _ = source.catch { _ in .just(0) }
        _ = source.retry(3)
        _ = source.retry(when: { errors in errors })
        _ = source.timeout(.seconds(1), scheduler: scheduler)
        _ = source.debounce(.milliseconds(300), scheduler: scheduler)
        _ = source.throttle(.milliseconds(300), latest: false, scheduler: scheduler)
    }

    func creation() {
        _ = Observable.just(1)
        _ = Observable<Int>.empty()
        _ = Observable<Int>.never()
        _ = Observable<Int>.error(TestError())
        _ = Observable.from([1, 2])
        _ = Observable.of(1, 2)
        _ = Observable.range(start: 0, count: 3)
        _ = Observable<Int>.deferred { .just(1) }
        _ = Observable<Int>.create { observer in observer.onNext(1); return Disposables.create() }
        _ = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })
        _ = Observable.repeatElement(1)
        _ = Observable<Int>.timer(.seconds(1), scheduler: scheduler)
        _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
        _ = Observable.using({ Disposables.create() }, observableFactory: { _ in Observable.just(1) })
    }

    func subjectsAndTraits(single: Single<Int>, maybe: Maybe<Int>, completable: Completable, driver: Driver<Int>, signal: Signal<Int>) {
        source.bind(to: publish).disposed(by: bag)
        _ = source.share(replay: 1)
        _ = source.share(replay: 1, scope: .forever)
        _ = source.observe(on: scheduler)
        _ = source.observe(on: MainScheduler.instance)
        _ = source.subscribe(on: scheduler)
        _ = source.do(onNext: { print($0) })
        _ = source.do(onDispose: { print("disposed") })
        _ = source.debug("source")
        _ = source.delay(.seconds(1), scheduler: scheduler)
        _ = source.delaySubscription(.seconds(1), scheduler: scheduler)
        _ = source.publish().refCount()
    }
}
