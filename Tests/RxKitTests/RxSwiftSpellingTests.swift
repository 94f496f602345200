import Foundation
import RxKit
import RxKitBlocking
import RxKitTest
import Testing

/// Calls every public operator and initialiser family with RxSwift 6's exact spelling (labels, defaults,
/// trailing closures), as code migrated from RxSwift/RxRelay/RxCocoa/RxTest/RxBlocking writes it. The point
/// is that this file compiles: a renamed label or a missing overload breaks the build. The one test runs
/// a few of the calls so the file is not dead code.
@Suite struct RxSwiftSpellingTests {
    struct Failure: Error {}
    /// An object for the `with:`/`withUnretained` spellings, which take a class instance.
    final class Owner: ReactiveCompatible {}
    let owner = Owner()

    // MARK: Observable creation (RxSwift: Observable+Create, Just, Empty, Never, Error, Sequence, Range,
    // Repeat, Generate, Deferred, Using, Timer/Interval, Optional)
    func creation(_ scheduler: SchedulerType) {
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.on(.next(2))
            observer.onError(Failure())
            observer.onCompleted()
            return Disposables.create()
        }
        _ = Observable<Int>.never()
        _ = Observable<Int>.empty()
        _ = Observable.just(1)
        _ = Observable.just(1, scheduler: scheduler)
        _ = Observable<Int>.error(Failure())
        _ = Observable.of(1, 2, 3)
        _ = Observable.of(1, 2, 3, scheduler: scheduler)
        _ = Observable.from([1, 2, 3])
        _ = Observable.from([1, 2, 3], scheduler: scheduler)
        _ = Observable.from(optional: Optional(1))
        _ = Observable.from(optional: Optional(1), scheduler: scheduler)
        _ = Observable.range(start: 0, count: 3)
        _ = Observable.range(start: 0, count: 3, scheduler: scheduler)
        _ = Observable.repeatElement(1)
        _ = Observable.repeatElement(1, scheduler: scheduler)
        _ = Observable.generate(initialState: 0, condition: { $0 < 3 }, iterate: { $0 + 1 })
        _ = Observable.generate(initialState: 0, condition: { $0 < 3 }, scheduler: scheduler, iterate: { $0 + 1 })
        _ = Observable<Int>.deferred { Observable.just(1) }
        _ = Observable<Int>.using({ SerialDisposable() }, observableFactory: { _ in Observable.just(1) })
        _ = Observable<Int>.interval(.seconds(1), scheduler: scheduler)
        _ = Observable<Int>.timer(.seconds(1), scheduler: scheduler)
        _ = Observable<Int>.timer(.seconds(1), period: .seconds(1), scheduler: scheduler)
    }

    // MARK: Combining (Zip, CombineLatest, Merge, Concat, Amb, StartWith, WithLatestFrom, SwitchLatest)
    func combining(_ a: Observable<Int>, _ b: Observable<Int>) {
        _ = Observable.zip(a, b)
        _ = Observable.zip(a, b) { $0 + $1 }
        _ = Observable.zip([a, b])
        _ = Observable.zip([a, b]) { $0.count }
        _ = Observable.combineLatest(a, b)
        _ = Observable.combineLatest(a, b) { $0 + $1 }
        _ = Observable.combineLatest(a, b, a) { $0 + $1 + $2 }
        _ = Observable.combineLatest([a, b])
        _ = Observable.combineLatest([a, b]) { $0.count }
        _ = Observable.merge(a, b)
        _ = Observable.merge([a, b])
        _ = Observable.concat(a, b)
        _ = Observable.concat([a, b])
        _ = Observable.amb([a, b])
        _ = a.amb(b)
        _ = a.startWith(0)
        _ = a.startWith(0, -1)
        _ = a.withLatestFrom(b)
        _ = a.withLatestFrom(b) { $0 + $1 }
        _ = Observable.just(a).switchLatest()
        _ = Observable.just(a).merge()
        _ = Observable.just(a).merge(maxConcurrent: 2)
        _ = Observable.just(a).concat()
        _ = a.concat(b)
        _ = Observable.catch(sequence: [a, b])
    }

    // MARK: Transforming and filtering
    func transforming(_ a: Observable<Int>, _ scheduler: SchedulerType) {
        _ = a.map { $0 + 1 }
        _ = a.compactMap { Optional($0) }
        _ = a.flatMap { Observable.just($0) }
        _ = a.flatMapFirst { Observable.just($0) }
        _ = a.flatMapLatest { Observable.just($0) }
        _ = a.concatMap { Observable.just($0) }
        _ = a.scan(0) { $0 + $1 }
        _ = a.scan(into: [Int]()) { $0.append($1) }
        _ = a.reduce(0) { $0 + $1 }
        _ = a.reduce(0, accumulator: { $0 + $1 }, mapResult: { "\($0)" })
        _ = a.toArray()
        _ = a.buffer(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
        _ = a.window(timeSpan: .seconds(1), count: 2, scheduler: scheduler)
        _ = a.groupBy { $0 % 2 }
        _ = a.groupBy(keySelector: { $0 % 2 })
        _ = a.enumerated()
        _ = a.materialize()
        _ = a.materialize().dematerialize()
        _ = a.filter { $0 > 0 }
        _ = a.distinctUntilChanged()
        _ = a.distinctUntilChanged { $0 % 2 }
        _ = a.distinctUntilChanged { $0 == $1 }
        _ = a.distinctUntilChanged({ $0 % 2 }, comparer: { $0 == $1 })
        _ = a.element(at: 1)
        _ = a.ignoreElements()
        _ = a.skip(1)
        _ = a.skip(.seconds(1), scheduler: scheduler)
        _ = a.skip(while: { $0 < 1 })
        _ = a.skip(until: a)
        _ = a.take(1)
        _ = a.take(for: .seconds(1), scheduler: scheduler)
        _ = a.take(while: { $0 < 1 })
        _ = a.take(while: { $0 < 1 }, behavior: .inclusive)
        _ = a.take(until: a)
        _ = a.take(until: { $0 > 1 }, behavior: .exclusive)
        _ = a.takeLast(1)
        _ = a.single()
        _ = a.single { $0 > 0 }
        _ = a.sample(a)
        _ = a.sample(a, defaultValue: 0)
        _ = a.ifEmpty(default: 0)
        _ = a.ifEmpty(switchTo: a)
        _ = a.withUnretained(owner)
        _ = a.withUnretained(owner) { ($0, $1) }
        _ = a.asSingle()
        _ = a.asMaybe()
        _ = a.first()
        _ = a.ignoreElements().asCompletable()
    }

    // MARK: Time, scheduling, errors, utility
    func timeAndUtility(_ a: Observable<Int>, _ scheduler: SchedulerType) {
        _ = a.throttle(.seconds(1), scheduler: scheduler)
        _ = a.throttle(.seconds(1), latest: false, scheduler: scheduler)
        _ = a.debounce(.seconds(1), scheduler: scheduler)
        _ = a.timeout(.seconds(1), scheduler: scheduler)
        _ = a.timeout(.seconds(1), other: a, scheduler: scheduler)
        _ = a.delay(.seconds(1), scheduler: scheduler)
        _ = a.delaySubscription(.seconds(1), scheduler: scheduler)
        _ = a.observe(on: scheduler)
        _ = a.subscribe(on: scheduler)
        _ = a.catch { _ in Observable.just(0) }
        _ = a.catchAndReturn(0)
        _ = a.retry()
        _ = a.retry(2)
        _ = a.retry { (errors: Observable<Error>) in errors }
        _ = a.retry(when: { (errors: Observable<Error>) in errors })
        _ = a.do(onNext: { _ in }, afterNext: { _ in }, onError: { _ in }, afterError: { _ in },
                 onCompleted: {}, afterCompleted: {}, onSubscribe: {}, onSubscribed: {}, onDispose: {})
        _ = a.do(onNext: { _ in })
        _ = a.debug()
        _ = a.debug("tag", trimOutput: true)
        _ = a.share()
        _ = a.share(replay: 1)
        _ = a.share(replay: 1, scope: .forever)
        _ = a.publish().refCount()
        _ = a.replay(1).connect()
        _ = a.replayAll()
        _ = a.multicast(PublishSubject<Int>())
        _ = a.multicast(makeSubject: { PublishSubject<Int>() })
        _ = a.multicast({ PublishSubject<Int>() }, selector: { $0 })
        _ = a.asObservable()
    }

    // MARK: Subscribing and binding
    func subscribing(_ a: Observable<Int>) {
        let bag = DisposeBag()
        a.subscribe { (_: Event<Int>) in }.disposed(by: bag)
        a.subscribe(onNext: { _ in }, onError: { _ in }, onCompleted: {}, onDisposed: {}).disposed(by: bag)
        a.subscribe(with: owner, onNext: { _, _ in }, onError: { _, _ in }, onCompleted: { _ in }, onDisposed: { _ in })
            .disposed(by: bag)
        let relay = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 1)
        a.bind(to: relay).disposed(by: bag)
        a.bind(to: relay, relay).disposed(by: bag)
        a.bind(to: behavior).disposed(by: bag)
        a.bind(to: replay).disposed(by: bag)
        a.bind(onNext: { _ in }).disposed(by: bag)
        a.bind(with: owner, onNext: { _, _ in }).disposed(by: bag)
        _ = a.bind(to: { (_: Observable<Int>) in Disposables.create() })
        let subject = PublishSubject<Int>()
        a.subscribe(subject).disposed(by: bag)
        a.bind(to: subject).disposed(by: bag)
        _ = behavior.value
        behavior.accept(1)
        relay.accept(1)
        replay.accept(1)
        _ = Disposables.create()
        _ = Disposables.create {}
        _ = Disposables.create(Disposables.create(), Disposables.create())
        _ = Disposables.create([Disposables.create()])
        _ = CompositeDisposable(Disposables.create(), Disposables.create(), Disposables.create(), Disposables.create())
        _ = CompositeDisposable(disposables: [Disposables.create()])
        _ = SerialDisposable()
        _ = SingleAssignmentDisposable()
        _ = BooleanDisposable()
        _ = RefCountDisposable(disposable: Disposables.create())
        _ = DisposeBag.init(disposing: Disposables.create())
        let anyObserver = AnyObserver<Int> { _ in }
        _ = anyObserver.mapObserver { (value: String) in value.count }
    }

    // MARK: Subjects and schedulers
    func subjectsAndSchedulers() {
        _ = PublishSubject<Int>().hasObservers
        _ = try? BehaviorSubject(value: 0).value()
        _ = ReplaySubject<Int>.create(bufferSize: 1)
        _ = ReplaySubject<Int>.createUnbounded()
        _ = AsyncSubject<Int>()
        _ = MainScheduler.instance
        _ = MainScheduler.asyncInstance
        _ = CurrentThreadScheduler.instance
        _ = ConcurrentDispatchQueueScheduler(qos: .default)
        _ = ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global())
        _ = SerialDispatchQueueScheduler(qos: .default)
        _ = SerialDispatchQueueScheduler(internalSerialQueueName: "spelling")
        _ = OperationQueueScheduler(operationQueue: OperationQueue())
        _ = HistoricalScheduler()
    }

    // MARK: Traits (Single, Maybe, Completable, Infallible) and RxCocoa's UIKit-free part
    func traits(_ scheduler: SchedulerType) {
        _ = Single<Int>.create { observer in
            observer(.success(1))
            return Disposables.create()
        }
        _ = Single.just(1)
        _ = Single<Int>.error(Failure())
        _ = Single.just(1).map { $0 }.flatMap { Single.just($0) }.asObservable()
        _ = Single.just(1).subscribe(onSuccess: { _ in }, onFailure: { _ in }, onDisposed: {})
        _ = Single.zip(Single.just(1), Single.just(2))
        _ = Single.just(1).catchAndReturn(0)
        _ = Maybe<Int>.create { observer in
            observer(.completed)
            return Disposables.create()
        }
        _ = Maybe.just(1).subscribe(onSuccess: { _ in }, onError: { _ in }, onCompleted: {})
        _ = Maybe<Int>.empty()
        _ = Completable.create { observer in
            observer(.completed)
            return Disposables.create()
        }
        _ = Completable.empty().andThen(Single.just(1))
        _ = Completable.empty().subscribe(onCompleted: {}, onError: { _ in })
        _ = Infallible<Int>.create { observer in
            observer(.next(1))
            return Disposables.create()
        }
        _ = Infallible.just(1).subscribe(onNext: { _ in }, onCompleted: {}, onDisposed: {})
        _ = Observable.just(1).asInfallible(onErrorJustReturn: 0)
        let driver = Observable.just(1).asDriver(onErrorJustReturn: 0)
        _ = Observable.just(1).asDriver(onErrorDriveWith: .empty())
        _ = Observable.just(1).asDriver(onErrorRecover: { _ in .empty() })
        _ = Observable.just(1).asSignal(onErrorJustReturn: 0)
        _ = driver.map { $0 }.filter { $0 > 0 }.distinctUntilChanged().drive(onNext: { _ in })
        _ = Observable.just(1).asSignal(onErrorJustReturn: 0).emit(onNext: { _ in })
        _ = Driver.just(1)
        _ = Driver<Int>.empty()
        _ = Signal<Int>.never()
        _ = Driver.combineLatest(driver, driver)
        _ = Binder<Int>(owner) { _, _ in }
        _ = ControlEvent<Int>(events: Observable.just(1))
        _ = ControlProperty<Int>(values: Observable.just(1), valueSink: AnyObserver { _ in })
    }

    // MARK: RxTest and RxBlocking
    func testingAndBlocking() throws {
        let scheduler = TestScheduler(initialClock: 0)
        let hot = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let cold = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let observer = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(200) { _ = hot.subscribe(observer) }
        _ = scheduler.start { cold.map { $0 } }
        _ = scheduler.start(disposed: 300) { cold.asObservable() }
        _ = scheduler.start(created: 100, subscribed: 200, disposed: 300) { cold.asObservable() }
        _ = Recorded.events(.next(1, 1), .completed(2, Int.self))
        _ = Subscription(200, 300)
        _ = try Observable.just(1).toBlocking().first()
        _ = try Observable.just(1).toBlocking(timeout: .seconds(1)).toArray()
        _ = try Observable.just(1).toBlocking().last()
        _ = try Observable.just(1).toBlocking().single()
        _ = Observable.just(1).toBlocking().materialize()
    }

    // MARK: Arity families and trait operators
    func aritiesAndTraitOperators(_ a: Observable<Int>, _ scheduler: SchedulerType) {
        _ = Observable.zip(a, a, a, a, a, a, a, a)
        _ = Observable.zip(a, a, a, a, a, a, a, a) { $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7 }
        _ = Observable.combineLatest(a, a, a, a, a, a, a, a)
        _ = a.withLatestFrom(a).withLatestFrom(a) { $1 }
        let single = Single.just(1)
        _ = Single.zip(single, single, single) { $0 + $1 + $2 }
        _ = Single.zip([single, single])
        _ = single.flatMapMaybe { Maybe.just($0) }
        _ = single.flatMapCompletable { _ in Completable.empty() }
        _ = single.asMaybe()
        _ = single.asCompletable()
        _ = single.do(onSuccess: { _ in }, afterSuccess: { _ in }, onError: { _ in }, afterError: { _ in },
                      onSubscribe: {}, onSubscribed: {}, onDispose: {})
        _ = single.retry(2)
        _ = single.timeout(.seconds(1), scheduler: scheduler)
        _ = single.catch { _ in Single.just(0) }
        _ = single.subscribe(with: owner, onSuccess: { _, _ in }, onFailure: { _, _ in }, onDisposed: { _ in })
        _ = single.subscribe { (_: Result<Int, Error>) in }
        _ = single.map { $0 }.filter { $0 > 0 }
        _ = Single<Int>.deferred { Single.just(1) }
        _ = Single.just(1).asObservable().asSingle()
        let maybe = Maybe.just(1)
        _ = maybe.ifEmpty(default: 0)
        _ = maybe.ifEmpty(switchTo: Single.just(0))
        _ = maybe.flatMap { Maybe.just($0) }
        _ = maybe.catchAndReturn(0)
        let completable = Completable.empty()
        _ = completable.andThen(Completable.empty())
        _ = completable.andThen(Maybe.just(1))
        _ = completable.andThen(Observable.just(1))
        _ = Completable.zip(completable, completable)
        _ = Completable.concat(completable, completable)
        _ = completable.catch { _ in .empty() }
        _ = Completable.error(Failure())
        let infallible = Infallible.just(1)
        _ = infallible.map { $0 }.filter { $0 > 0 }.flatMapLatest { Infallible.just($0) }
        _ = infallible.scan(0) { $0 + $1 }
        _ = infallible.distinctUntilChanged()
        _ = Infallible.combineLatest(infallible, infallible)
        _ = Infallible.zip(infallible, infallible)
        _ = infallible.asDriver()
        _ = infallible.bind(to: PublishRelay<Int>())
        _ = infallible.subscribe(with: owner, onNext: { _, _ in })
    }

    func sharedSequences(_ scheduler: SchedulerType) {
        let driver = Driver.just(1)
        let relay = BehaviorRelay(value: 0)
        _ = driver.drive(relay)
        _ = driver.drive(onNext: { _ in }, onCompleted: {}, onDisposed: {})
        _ = driver.drive(with: owner, onNext: { _, _ in })
        _ = driver.drive { (_: Observable<Int>) in Disposables.create() }
        _ = driver.flatMapLatest { Driver.just($0) }
        _ = driver.flatMapFirst { Driver.just($0) }
        _ = driver.withLatestFrom(driver)
        _ = driver.startWith(0)
        _ = driver.scan(0) { $0 + $1 }
        _ = driver.debounce(.seconds(1))
        _ = driver.throttle(.seconds(1), latest: true)
        _ = driver.delay(.seconds(1))
        _ = driver.compactMap { Optional($0) }
        _ = driver.asObservable()
        _ = relay.asDriver()
        _ = PublishRelay<Int>().asSignal()
        let signal = Signal.just(1)
        _ = signal.emit(to: PublishRelay<Int>())
        _ = signal.emit(with: owner, onNext: { _, _ in })
        _ = signal.emit(onNext: { _ in }, onCompleted: {}, onDisposed: {})
        _ = Driver.merge(driver, driver)
        _ = Driver.zip(driver, driver)
        _ = Driver.from([1, 2])
        _ = Driver.of(1, 2)
        _ = Driver<Int>.interval(.seconds(1))
        _ = Driver<Int>.timer(.seconds(1), period: .seconds(1))
        _ = Driver.deferred { Driver.just(1) }
        _ = ControlEvent<Int>(events: Observable.just(1)).asSignal()
        _ = ControlProperty<Int>(values: Observable.just(1), valueSink: AnyObserver { _ in }).asDriver()
        _ = Observable.just(1).bind(to: Binder<Int>(owner) { _, _ in })
        _ = owner.rx
    }

    // MARK: More RxSwift/RxTest spellings (compiled, not run: the XCTest assertions belong in XCTest cases)
    func moreSpellings(_ a: Observable<Int>, _ scheduler: SchedulerType) async throws {
        _ = a.asObservable().subscribe(on: scheduler).observe(on: MainScheduler.instance)
        _ = a.buffer(timeSpan: .milliseconds(10), count: 10, scheduler: scheduler).map { $0.count }
        _ = a.toArray().map { $0.count }
        _ = a.takeLast(2)
        _ = a.skip(until: a).take(until: a)
        _ = a.map { _ in Data() }.decode(type: [Int].self, decoder: JSONDecoder())
        _ = Observable.just(Optional(1)).compactMap { $0 }
        _ = a.subscribe(AnyObserver<Int> { _ in })
        _ = a.do(onSubscribe: {})
        _ = try await Single.just(1).value
        _ = try await Maybe.just(1).value
        for try await _ in a.values {}
        for await _ in Infallible.just(1).values {}
        let scheduler = TestScheduler(initialClock: 0, resolution: 1, simulateProcessingDelay: true)
        let observer = scheduler.createObserver(Int.self)
        XCTAssertEqual(observer.events, [])
        XCTAssertRecordedElements(observer.events, [])
        _ = Recorded.next(1, 1).time
        _ = Event.next(1).element
        _ = Event<Int>.completed.isStopEvent
        _ = Event<Int>.error(Failure()).error
        _ = try BehaviorSubject(value: 1).value()
        _ = ReplaySubject<Int>.create(bufferSize: 1).asObserver()
        _ = PublishSubject<Int>().asObservable()
    }

    @Test func theSpellingsRun() throws {
        let scheduler = TestScheduler(initialClock: 0)
        creation(scheduler)
        combining(.just(1), .just(2))
        transforming(.just(1), scheduler)
        timeAndUtility(.just(1), scheduler)
        subscribing(.just(1))
        SharingScheduler.mock(scheduler: scheduler) {
            traits(scheduler)
            aritiesAndTraitOperators(.just(1), scheduler)
            sharedSequences(scheduler)
        }  // `drive` wants the main thread otherwise
        subjectsAndSchedulers()
        try testingAndBlocking()
        #expect(try Observable.of(1, 2).toBlocking().toArray() == [1, 2])
    }
}
