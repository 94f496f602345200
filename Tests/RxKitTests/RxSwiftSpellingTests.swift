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
        _ = try Observable.just(1).toBlocking(timeout: 1.0).toArray()
        _ = try Observable.just(1).toBlocking().last()
        _ = try Observable.just(1).toBlocking().single()
        _ = Observable.just(1).toBlocking().materialize()
        // RxSwift: `asCompletable()` is on sequences of `Never`, so a recorded completion infers its element.
        _ = cold.map { _ in 0 }.ignoreElements().asCompletable()
        _ = scheduler.createColdObservable([.completed(20)]).asCompletable()
        // RxRelay: every relay has a plain `asInfallible()`.
        _ = PublishRelay<Int>().asInfallible()
        _ = BehaviorRelay(value: 1).asInfallible()
        _ = ReplayRelay<Int>.create(bufferSize: 1).asInfallible()
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

// MARK: Declaration audit: RxSwift 6's public declarations, file by file (compiled, not run)
extension RxSwiftSpellingTests {

    func auditObservables(_ a: Observable<Int>, _ s: SchedulerType, _ owner: Owner) {
        let single = Single.just(1)
        _ = a.flatMap { Single.just($0) }
        _ = a.flatMapLatest { Single.just($0) }
        _ = a.flatMapFirst { Single.just($0) }
        _ = a.concatMap { Single.just($0) }
        _ = a.concat(single)
        _ = a.withLatestFrom(single)
        _ = a.timeout(.seconds(1), other: single, scheduler: s)
        _ = a.sample(a.map { _ in () })
        _ = Observable.zip([a, a], resultSelector: { $0.count })
        _ = Observable.combineLatest([a, a], resultSelector: { $0.count })
        _ = Observable.concat(AnySequence([a, a]))
        _ = Observable.just(single).switchLatest()
        _ = Observable.just(single).merge()
        _ = Observable.just(single).concat()
        _ = a.reduce(0, accumulator: +)
        _ = a.scan(0, accumulator: +)
        _ = a.scan(into: 0, accumulator: { $0 += $1 })
        _ = a.distinctUntilChanged(at: \.self)
        _ = a.map(\.description)
        _ = a.enumerated().map { $0.index + $0.element }
        _ = a.groupBy(keySelector: { $0 }).map { $0.key }
        _ = a.groupBy(keySelector: { $0 }).flatMap { $0.asObservable() }
        let toArray: Single<[Int]> = a.toArray()
        _ = toArray
        let ignored: Observable<Never> = a.ignoreElements()
        _ = ignored.asCompletable()
        _ = a.share(replay: 1, scope: .whileConnected)
        let connectable: ConnectableObservable<Int> = a.publish()
        _ = connectable.connect()
        _ = connectable.refCount()
        _ = a.asInfallible(onErrorFallbackTo: Infallible.just(1))
        _ = a.asInfallible(onErrorRecover: { _ in Infallible.just(1) })
        _ = a.debug("x", trimOutput: false, file: #file, line: #line, function: #function)
        _ = a.distinctUntilChanged({ $0 }, comparer: ==)
        _ = Observable<Int>.using({ SerialDisposable() }, observableFactory: { _ in .empty() })
        _ = a.window(timeSpan: .seconds(1), count: 2, scheduler: s).flatMap { $0 }
        _ = a.materialize().dematerialize()
        _ = a.subscribe(onNext: { _ in })
        _ = a.subscribe(onError: { _ in })
        _ = a.subscribe(onCompleted: {})
        _ = a.subscribe(onDisposed: {})
        _ = a.subscribe(with: owner, onNext: { _, _ in })
        _ = a.bind(with: owner, onNext: { _, _ in })
        _ = a.withUnretained(owner).map { $0.1 }
        _ = a.startWith(1, 2, 3)
        _ = Observable<Int>.interval(.seconds(1), scheduler: s)
        _ = Observable<Int>.empty().ifEmpty(default: 1)
        _ = Observable<Int>.timer(.seconds(1), scheduler: s)
        _ = Observable.from(optional: 1 as Int?)
        _ = a.multicast { PublishSubject<Int>() }
        _ = a.replay(2)
        _ = a.amb(a)
        _ = Observable.amb([a, a])
        _ = a.skip(until: a)
        _ = a.skip(2)
        _ = a.asObservable()
    }

    func auditBinding(_ a: Observable<Int>) {
        let bag = DisposeBag()
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let optionalPublish = PublishRelay<Int?>()
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 1)
        a.bind(to: optionalBehavior).disposed(by: bag)
        a.bind(to: optionalPublish).disposed(by: bag)
        a.bind(to: optionalReplay).disposed(by: bag)
        let optionalSubject = PublishSubject<Int?>()
        a.bind(to: optionalSubject).disposed(by: bag)
        a.bind(to: optionalSubject, optionalSubject).disposed(by: bag)
        _ = a.bind(to: { (_: Observable<Int>) in { (x: Int) in x } }, curriedArgument: 1)
    }

    func auditDisposables() {
        let d = Disposables.create()
        _ = Disposables.create(d, d, d)
        _ = Disposables.create(d, d, d, d, d)
        let composite = CompositeDisposable()
        if let key = composite.insert(d) { composite.remove(for: key) }
        _ = composite.count
        _ = composite.isDisposed
        let serial = SerialDisposable()
        serial.disposable = d
        _ = serial.disposable
        _ = serial.isDisposed
        let sa = SingleAssignmentDisposable()
        sa.setDisposable(d)
        _ = sa.isDisposed
        _ = BooleanDisposable(isDisposed: true)
        let rc = RefCountDisposable(disposable: d)
        _ = rc.retain()
        _ = rc.isDisposed
        _ = ScheduledDisposable(scheduler: MainScheduler.instance, disposable: d).scheduler
        let bag = DisposeBag {
            d
            d
        }
        bag.insert { d }
        bag.insert(d, d)
        bag.insert([d])
        _ = DisposeBag(disposing: d, d)
        _ = DisposeBag(disposing: [d])
        let c: Cancelable = BooleanDisposable()
        _ = c.isDisposed
    }

    func auditCore(_ s: SchedulerType) {
        let e: Event<Int> = .next(1)
        _ = e.map { $0 + 1 }
        _ = e.isCompleted
        _ = e.event
        _ = e.debugDescription
        let observer = AnyObserver<Int>(eventHandler: { _ in })
        _ = AnyObserver(observer)
        _ = observer.asObserver()
        observer.on(.completed)
        _ = RxError.noElements
        _ = RxError.moreThanOneElement
        _ = RxError.timeout
        _ = RxError.overflow
        _ = RxError.argumentOutOfRange
        _ = RxError.unknown
        _ = RxError.disposed(object: observer as AnyObject)
        Hooks.recordCallStackOnError = false
        _ = Hooks.defaultErrorHandler
        _ = Hooks.customCaptureSubscriptionCallstack
        _ = s.now
        _ = s.schedule(1) { _ in Disposables.create() }
        _ = s.scheduleRelative(1, dueTime: .seconds(1)) { _ in Disposables.create() }
        _ = s.schedulePeriodic(1, startAfter: .seconds(1), period: .seconds(1)) { $0 }
        _ = s.scheduleRecursive(1) { _, recurse in recurse(1) }
        _ = MainScheduler()
        MainScheduler.ensureExecutingOnScheduler()
        MainScheduler.ensureExecutingOnScheduler(errorMessage: "x")
        MainScheduler.ensureRunningOnMainThread()
        _ = ConcurrentMainScheduler.instance
        _ = SerialDispatchQueueScheduler(queue: DispatchQueue.global(), internalSerialQueueName: "x", leeway: .nanoseconds(0))
        _ = SerialDispatchQueueScheduler(internalSerialQueueName: "x", serialQueueConfiguration: { _ in }, leeway: .nanoseconds(0))
        _ = SerialDispatchQueueScheduler(qos: .default, internalSerialQueueName: "x", leeway: .nanoseconds(0))
        _ = ConcurrentDispatchQueueScheduler(queue: DispatchQueue.global(), leeway: .nanoseconds(0))
        _ = ConcurrentDispatchQueueScheduler(qos: .default, leeway: .nanoseconds(0))
        _ = OperationQueueScheduler(operationQueue: OperationQueue(), queuePriority: .normal)
        _ = CurrentThreadScheduler.isScheduleRequired
        let historical = HistoricalScheduler(initialClock: Date(timeIntervalSince1970: 0))
        historical.advanceTo(Date())
        historical.start()
        historical.stop()
        historical.sleep(1)
        _ = historical.clock
        _ = historical.isEnabled
        _ = historical.scheduleRelativeVirtual(1, dueTime: 1) { _ in Disposables.create() }
        _ = historical.scheduleAbsoluteVirtual(1, time: Date()) { _ in Disposables.create() }
        _ = VirtualTimeScheduler(initialClock: Date(), converter: HistoricalSchedulerTimeConverter())
        let subject = BehaviorSubject(value: 1)
        _ = subject.isDisposed
        subject.dispose()
        _ = PublishSubject<Int>().isDisposed
        _ = ReplaySubject<Int>.create(bufferSize: 1).isDisposed
        _ = PublishSubject<Int>().asObserver()
    }

    func auditSingle(_ s: SchedulerType, _ owner: Owner) {
        let single = Single<Int>.create(subscribe: { o in o(.success(1)); return Disposables.create() })
        _ = Single.just(1, scheduler: s)
        _ = Single<Int>.never()
        _ = single.subscribe { (_: SingleEvent<Int>) in }
        _ = single.primitiveSequence
        _ = single.compactMap { Optional($0) } as Maybe<Int>
        _ = single.filter { $0 > 0 } as Maybe<Int>
        _ = single.retry(when: { (e: Observable<Error>) in e })
        _ = single.timeout(.seconds(1), other: single, scheduler: s)
        _ = single.observe(on: s).subscribe(on: s).delay(.seconds(1), scheduler: s)
        _ = single.debug("x", trimOutput: false)
        _ = Single<Int>.using({ SerialDisposable() }, primitiveSequenceFactory: { _ in .just(1) })
        _ = single.asInfallible(onErrorJustReturn: 0)
        _ = Single<Int>.timer(.seconds(1), scheduler: s)
        _ = single.flatMap { Single.just($0) }.asObservable()
        _ = Single.zip(single, single, resultSelector: +)
    }

    func auditMaybeAndCompletable(_ s: SchedulerType, _ owner: Owner) {
        let maybe = Maybe<Int>.create(subscribe: { o in o(.success(1)); o(.error(Failure())); o(.completed); return Disposables.create() })
        _ = Maybe<Int>.never()
        _ = Maybe<Int>.error(Failure())
        _ = maybe.subscribe { (_: MaybeEvent<Int>) in }
        _ = maybe.subscribe(onSuccess: { _ in }, onError: { _ in }, onCompleted: {}, onDisposed: {})
        _ = maybe.subscribe(with: owner, onSuccess: { _, _ in }, onError: { _, _ in }, onCompleted: { _ in }, onDisposed: { _ in })
        _ = maybe.ifEmpty(switchTo: Maybe.just(1)) as Maybe<Int>
        _ = maybe.ifEmpty(default: 1) as Single<Int>
        _ = maybe.map { $0 }.compactMap { Optional($0) }.filter { $0 > 0 }
        _ = maybe.flatMap { Maybe.just($0) }
        _ = maybe.catch { _ in .empty() }
        _ = maybe.asObservable()
        _ = Maybe.zip(maybe, maybe)
        _ = maybe.do(onNext: { _ in }, afterNext: { _ in }, onError: { _ in }, afterError: { _ in },
                     onSubscribe: {}, onSubscribed: {}, onDispose: {})
        let c = Completable.create(subscribe: { o in o(.completed); o(.error(Failure())); return Disposables.create() })
        _ = Completable.never()
        _ = c.subscribe { (_: CompletableEvent) in }
        _ = c.subscribe(onCompleted: {}, onError: { _ in }, onDisposed: {})
        _ = c.subscribe(with: owner, onCompleted: { _ in }, onError: { _, _ in }, onDisposed: { _ in })
        _ = Completable.zip([c, c])
        _ = Completable.concat([c, c])
        _ = c.concat(c)
        _ = c.do(onError: { _ in }, afterError: { _ in }, onCompleted: {}, afterCompleted: {},
                 onSubscribe: {}, onSubscribed: {}, onDispose: {})
        let never: Observable<Never> = c.asObservable()
        _ = never
        _ = c.retry(2).debug().delay(.seconds(1), scheduler: s)
        _ = c.andThen(Single.just(1))
    }

    func auditInfallible(_ s: SchedulerType, _ owner: Owner) {
        let i = Infallible.just(1)
        _ = Infallible<Int>.create(subscribe: { o in o(.next(1)); o(.completed); return Disposables.create() })
        _ = i.subscribe { (_: Event<Int>) in }
        _ = i.subscribe(with: owner, onNext: { _, _ in }, onCompleted: { _ in }, onDisposed: { _ in })
        _ = Infallible<Int>.empty()
        _ = Infallible<Int>.never()
        _ = Infallible.of(1, 2)
        _ = Infallible.from([1, 2])
        _ = Infallible<Int>.deferred { .just(1) }
        _ = Infallible<Int>.interval(.seconds(1), scheduler: s)
        _ = Infallible<Int>.timer(.seconds(1), scheduler: s)
        _ = Infallible.merge(i, i)
        _ = Infallible.concat([i, i])
        _ = i.startWith(0)
        _ = i.withLatestFrom(i) { $0 + $1 }
        _ = i.flatMap { Infallible.just($0) }
        _ = i.concatMap { Infallible.just($0) }
        _ = i.flatMapFirst { Infallible.just($0) }
        _ = i.compactMap { Optional($0) }
        _ = i.scan(into: 0) { $0 += $1 }
        _ = i.distinctUntilChanged { $0 }
        _ = i.distinctUntilChanged(at: \.self)
        _ = i.debounce(.seconds(1), scheduler: s)
        _ = i.throttle(.seconds(1), latest: true, scheduler: s)
        _ = i.skip(1)
        _ = i.take(1)
        _ = i.take(while: { $0 > 0 })
        _ = i.take(until: i)
        _ = i.take(for: .seconds(1), scheduler: s)
        _ = i.skip(while: { $0 > 0 })
        _ = i.skip(until: i)
        _ = i.share(replay: 1)
        _ = i.observe(on: s).subscribe(on: s)
        _ = i.do(onNext: { _ in }, afterNext: { _ in }, onCompleted: {}, afterCompleted: {},
                 onSubscribe: {}, onSubscribed: {}, onDispose: {})
        _ = i.debug("x")
        _ = i.withUnretained(owner)
        _ = i.asInfallible()
        _ = i.bind(onNext: { _ in })
        _ = i.bind(to: BehaviorRelay(value: 0))
        _ = i.bind(to: ReplayRelay<Int>.create(bufferSize: 1))
        _ = i.bind(to: PublishSubject<Int>())
    }

    func auditSharedSequences(_ s: SchedulerType, _ owner: Owner) {
        let d = Driver.just(1)
        _ = d.drive()
        _ = d.drive(PublishSubject<Int>())
        _ = d.drive(BehaviorRelay<Int?>(value: nil))
        _ = d.drive(ReplayRelay<Int>.create(bufferSize: 1))
        _ = d.drive(with: owner, onNext: { _, _ in }, onCompleted: { _ in }, onDisposed: { _ in })
        _ = Driver.from(optional: 1 as Int?)
        _ = d.flatMap { Driver.just($0) }
        _ = d.concatMap { Driver.just($0) }
        _ = Driver.just(d).switchLatest()
        _ = Driver.just(d).merge()
        _ = d.distinctUntilChanged { $0 }
        _ = d.distinctUntilChanged(at: \.self)
        _ = d.distinctUntilChanged { $0 == $1 }
        _ = d.debug("x", trimOutput: true)
        _ = d.do(onNext: { _ in }, afterNext: { _ in }, onCompleted: {}, afterCompleted: {},
                 onSubscribe: {}, onSubscribed: {}, onDispose: {})
        _ = d.skip(1)
        _ = d.scan(into: 0) { $0 += $1 }
        _ = d.withUnretained(owner)
        _ = d.asSharedSequence()
        _ = d.asDriver()
        _ = d.asSignal(onErrorJustReturn: 0)
        _ = Driver.combineLatest([d, d]) { $0.count }
        _ = Driver.zip([d, d]) { $0.count }
        _ = Driver.merge([d, d])
        _ = Driver.concat([d, d])
        let sig = Signal.just(1)
        _ = sig.emit()
        _ = sig.emit(to: PublishSubject<Int>())
        _ = sig.emit(to: BehaviorRelay(value: 0))
        _ = sig.emit(to: ReplayRelay<Int>.create(bufferSize: 1))
        _ = sig.emit(to: PublishRelay<Int?>())
        _ = Observable.just(1).asSignal(onErrorSignalWith: .empty())
        _ = Observable.just(1).asSignal(onErrorRecover: { _ in .empty() })
        _ = SharingScheduler.make()
        SharingScheduler.mock(makeScheduler: { s }) {}
        let cp = ControlProperty<String?>(values: Observable.just(nil), valueSink: AnyObserver { _ in })
        _ = cp.orEmpty
        _ = cp.changed
        _ = cp.asControlProperty()
        _ = cp.asObserver()
        cp.on(.next("a"))
        let ce = ControlEvent<Int>(events: Observable.just(1))
        _ = ce.asControlEvent()
        _ = ce.asDriver()
        let b = Binder<Int>(owner, scheduler: s) { _, _ in }
        b.on(.next(1))
        _ = b.asObserver()
    }

    func auditRxTest() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 1, simulateProcessingDelay: false)
        let hot = scheduler.createHotObservable([Recorded.next(210, 1)])
        _ = hot.subscriptions
        _ = hot.recordedEvents
        let observer = scheduler.createObserver(Int.self)
        _ = observer.events
        scheduler.advanceTo(100)
        scheduler.stop()
        _ = scheduler.start(created: 0, subscribed: 1, disposed: 2) { Single.just(1) }
        _ = scheduler.start { Driver.just(1) }
        _ = TestScheduler.Defaults.created
        _ = TestScheduler.Defaults.subscribed
        _ = TestScheduler.Defaults.disposed
        _ = Recorded(time: 1, value: 1).value
        _ = Recorded<Event<Int>>.error(1, Failure())
        _ = Recorded<Event<Int>>.completed(1)
        _ = Subscription(1).unsubscribe
        _ = Subscription(1, 2).subscribe
        let timeline: [Recorded<Event<Int>>] = Recorded.events([.next(1, 1)])
        _ = timeline
        _ = TestableObserver<Int>.self
        _ = TestableObservable<Int>.self
    }
    func auditMore(_ a: Observable<Int>, _ s: SchedulerType) {
        _ = a.buffer(timeSpan: .seconds(1), count: 1, scheduler: s)
        _ = a.flatMap { _ in Maybe.just(1) }
        _ = a.concatMap { _ in Completable.empty() }
        _ = a.timeout(.seconds(1), scheduler: s)
        _ = a.throttle(.seconds(1), scheduler: s)
        _ = Single.just(1).flatMapCompletable { _ in .empty() }
        _ = Single.just(1).asObservable().take(1).asSingle()
    }

    func auditMoreOperators(_ a: Observable<Int>, _ s: SchedulerType) {
        let i = Infallible.just(1)
        _ = Infallible.combineLatest([i, i]) { $0.count }
        _ = Infallible.merge([i, i])
        _ = a.asInfallible(onErrorJustReturn: 0).asObservable()
        let d = Driver.just(1)
        _ = Driver.combineLatest([d, d])
        _ = Driver.zip([d, d])
        _ = ReplayRelay<Int>.createUnbounded()
        _ = Observable.combineLatest(a, a, resultSelector: +)
        _ = Observable.zip(a, a, resultSelector: +)
        _ = a.withLatestFrom(a, resultSelector: +)
        _ = Single.zip([Single.just(1)]) { $0.count }
        _ = Maybe.zip([Maybe.just(1)])
        _ = Observable<Int>.create { _ in Disposables.create() }.subscribe(on: s)
        _ = a.reduce(0, accumulator: +, mapResult: { $0 })
        _ = a.debounce(.milliseconds(1), scheduler: s)
        _ = a.take(until: { $0 > 1 })
        _ = a.skip(while: { $0 > 1 })
        _ = a.subscribe(on: s).observe(on: s)
        _ = a.compactMap { $0 }
        _ = BehaviorRelay(value: 1).asObservable()
        _ = PublishRelay<Int>().asObservable()
    }

    /// RxSwift 5 spellings that RxSwift 6 deprecated (renamed); they compile, deprecated, as in RxSwift 6.
    @available(*, deprecated)
    func deprecatedSpellings(_ a: Observable<Int>, _ s: SchedulerType) {
        let single = Single.just(1)
        let c = Completable.empty()
        _ = a.elementAt(0)
        _ = a.take(.seconds(1), scheduler: s)
        _ = a.observeOn(s)
        _ = a.subscribeOn(s)
        _ = a.catchError { _ in .empty() }
        _ = a.catchErrorJustReturn(0)
        _ = a.takeWhile { $0 > 0 }
        _ = a.takeUntil(a)
        _ = a.skipWhile { $0 > 0 }
        _ = a.skipUntil(a)
        _ = a.retryWhen { (e: Observable<Error>) in e }
        _ = single.subscribe(onSuccess: { _ in }, onError: { _ in })
        _ = single.retryWhen { (e: Observable<Error>) in e }
        _ = single.catchError { _ in .just(1) }
        _ = single.catchErrorJustReturn(1)
        _ = single.observeOn(s).subscribeOn(s)
        _ = Completable.merge(c, c)
        _ = Completable.merge([c, c])
    }
}

// MARK: Declaration audit, continued: RxCocoa's traits, the primitive sequences' operators, RxRelay's
// bind(to:), Reactive binders and RxTest's start/assert helpers (compiled, not run)
/// A target with a `Reactive` binder, as RxCocoa code declares them (`owner.rx.value`).
final class AuditBindingTarget: ReactiveCompatible { var value = 0 }

extension Reactive where Base: AuditBindingTarget {
    var value: Binder<Int> { Binder(base) { $0.value = $1 } }
}

extension RxSwiftSpellingTests {
    func auditTraitOperators(_ a: Observable<Int>, _ s: SchedulerType, _ owner: Owner) {
        let d = Driver.just(1)
        _ = d.map { $0 }.compactMap { $0 }.filter { $0 > 0 }
        _ = d.withLatestFrom(d) { $0 + $1 }
        _ = d.delay(.seconds(1))
        _ = d.startWith(1)
        _ = Driver.combineLatest(d, d) { $0 + $1 }
        _ = Driver.combineLatest(d, d, d, d, d, d, d, d)
        _ = Driver.zip(d, d) { $0 + $1 }
        _ = d.asObservable().asDriver(onErrorJustReturn: 0)
        _ = d.do(onNext: { _ in })
        _ = d.distinctUntilChanged({ $0 }, comparer: ==)
        _ = d.debounce(.seconds(1)).throttle(.seconds(1))
        _ = d.scan(0, accumulator: +)
        _ = d.concatMap { Driver.just($0) }
        _ = d.flatMapFirst { Driver.just($0) }
        _ = Driver<Int>.never()
        _ = Driver<Int>.deferred { .just(1) }
        _ = d.asSignal(onErrorJustReturn: 0).asSignal(onErrorJustReturn: 0)
        let sig = Signal<Int>.just(1)
        _ = sig.map { $0 }.filter { $0 > 0 }.flatMapLatest { Signal.just($0) }
        _ = sig.throttle(.seconds(1), latest: false)
        _ = sig.withUnretained(owner).map { $0.1 }
        _ = Signal.combineLatest(sig, sig)
        _ = sig.emit(to: PublishRelay<Int>(), PublishRelay<Int>())
        let single = Single.just(1)
        _ = single.asObservable().asSingle()
        _ = single.map { "\($0)" }
        _ = single.flatMap { _ in Single.just("") }
        _ = single.do(onSuccess: { _ in })
        _ = single.retry(when: { (e: Observable<Error>) in e.take(1) })
        _ = single.delaySubscription(.seconds(1), scheduler: s)
        _ = single.catchAndReturn(1)
        _ = single.asCompletable().andThen(Observable.just(1))
        _ = single.subscribe(onSuccess: { _ in })
        _ = single.subscribe(onFailure: { _ in })
        _ = single.subscribe()
        _ = Maybe.just(1).subscribe()
        _ = Completable.empty().subscribe()
        _ = a.subscribe()
        _ = Infallible.just(1).subscribe()
        _ = Single.just(1).asObservable().asInfallible(onErrorJustReturn: 0)
        _ = Single.just(1).timeout(.seconds(1), scheduler: s)
        _ = Maybe<Int>.just(1).timeout(.seconds(1), other: Maybe.just(1), scheduler: s)
        _ = Completable.empty().timeout(.seconds(1), other: .empty(), scheduler: s)
        _ = Maybe.just(1).delay(.seconds(1), scheduler: s).delaySubscription(.seconds(1), scheduler: s)
        _ = Maybe.just(1).retry(2).debug()
        _ = Completable.create { _ in Disposables.create() }.observe(on: s).subscribe(on: s)
        _ = Completable.empty().asObservable().ignoreElements().asCompletable()
        _ = Completable.empty().concat(Completable.empty())
        _ = Completable.concat(Completable.empty(), Completable.empty())
        _ = Completable.concat(AnySequence([Completable.empty()]))
        _ = Completable.zip(Completable.empty(), Completable.empty())
        _ = Completable.empty().andThen(Completable.empty()).andThen(Single.just(1))
        _ = Completable.empty().catch { _ in .empty() }.retry(when: { (e: Observable<Error>) in e })
        _ = Completable.empty().delay(.seconds(1), scheduler: s)
        _ = Completable.empty().do(onCompleted: {})
        _ = a.share(replay: 1).subscribe(on: s)
        _ = a.groupBy { $0 }.flatMap { g in g.map { (g.key, $0) } }
    }

    func auditBindingAndRxTest(_ a: Observable<Int>, _ s: SchedulerType, _ owner: AuditBindingTarget) {
        _ = a.bind(to: owner.rx.value)
        _ = a.bind(to: owner.rx.value, owner.rx.value)
        _ = AuditBindingTarget.rx
        _ = Reactive(owner).base
        _ = a.bind(to: PublishRelay<Int>(), PublishRelay<Int>())
        _ = a.bind(to: BehaviorRelay(value: 0), BehaviorRelay(value: 0))
        _ = a.bind(to: ReplayRelay<Int>.create(bufferSize: 1), ReplayRelay<Int>.create(bufferSize: 1))
        let relay = BehaviorRelay(value: [1])
        relay.accept(relay.value + [2])
        _ = PublishRelay<Int>().asSignal()
        _ = BehaviorRelay(value: 1).asDriver()
        let scheduler = TestScheduler(initialClock: 0)
        let obs = scheduler.createObserver(Int.self)
        XCTAssertEqual(obs.events, [Recorded.next(0, 1)])
        XCTAssertEqual([Event<Int>.next(1)], [.next(1)])
        XCTAssertEqual([Recorded<Event<Int?>>.next(0, nil)], [.next(0, 1)])
        XCTAssertRecordedElements(obs.events, [1])
        let sc = scheduler.createObserver(Int.self)
        _ = Single.just(1).asObservable().subscribe(sc)
        _ = scheduler.start { Completable.empty() }
        _ = scheduler.start { Maybe.just(1) }
        _ = scheduler.start { Infallible.just(1) }
        _ = scheduler.start { Signal.just(1) }
        _ = scheduler.start { BehaviorRelay(value: 1) }
        _ = scheduler.start { scheduler.createColdObservable([Recorded<Event<Int>>]()) }
        _ = scheduler.createHotObservable([Recorded<Event<Int>>]()).asObservable()
        _ = scheduler.clock
        _ = scheduler.now
        scheduler.sleep(1)
        _ = scheduler.scheduleRelativeVirtual(1, dueTime: 1) { _ in Disposables.create() }
    }
}

// MARK: Declaration audit: the closures RxSwift declares `throws` (a ported `throw` inside them compiles)
extension RxSwiftSpellingTests {
    func auditThrowingClosures(_ a: Observable<Int>, _ s: SchedulerType) {
        _ = Disposables.create(with: {})
        _ = Observable.from(Set([1]))
        _ = Observable.from(Set([1]), scheduler: s)
        _ = Observable<Int>.deferred { throw Failure() }
        _ = a.map { _ -> Int in throw Failure() }
        _ = a.filter { _ in throw Failure() }
        _ = a.compactMap { _ -> Int? in throw Failure() }
        _ = a.flatMap { _ -> Observable<Int> in throw Failure() }
        _ = a.flatMapLatest { _ -> Observable<Int> in throw Failure() }
        _ = a.flatMapFirst { _ -> Observable<Int> in throw Failure() }
        _ = a.concatMap { _ -> Observable<Int> in throw Failure() }
        _ = a.scan(0) { _, _ in throw Failure() }
        _ = a.scan(into: 0) { _, _ in throw Failure() }
        _ = a.reduce(0) { _, _ in throw Failure() }
        _ = a.do(onNext: { _ in throw Failure() }, onError: { _ in throw Failure() }, onCompleted: { throw Failure() },
                 onSubscribe: {}, onSubscribed: {}, onDispose: {})
        _ = a.distinctUntilChanged { _, _ in throw Failure() }
        _ = a.distinctUntilChanged { _ -> Int in throw Failure() }
        _ = a.skip(while: { _ in throw Failure() })
        _ = a.take(while: { _ in throw Failure() })
        _ = a.take(until: { _ in throw Failure() })
        _ = a.withLatestFrom(a) { _, _ -> Int in throw Failure() }
        _ = Observable.combineLatest(a, a) { _, _ -> Int in throw Failure() }
        _ = Observable.zip(a, a) { _, _ -> Int in throw Failure() }
        _ = a.groupBy { _ -> Int in throw Failure() }
        _ = a.catch { _ in throw Failure() }
        _ = a.single { _ in throw Failure() }
        _ = a.timeout(.seconds(1), scheduler: s)
        _ = Observable<Int>.using({ () throws -> SerialDisposable in throw Failure() }, observableFactory: { _ in throw Failure() })
        _ = Observable<Int>.generate(initialState: 0, condition: { _ in throw Failure() }, iterate: { _ in throw Failure() })
        _ = a.retry(when: { (e: Observable<Error>) -> Observable<Int> in e.map { _ in throw Failure() } })
        let single = Single.just(1)
        _ = single.map { _ -> Int in throw Failure() }
        _ = single.flatMap { _ -> Single<Int> in throw Failure() }
        _ = single.filter { _ in throw Failure() }
        _ = single.compactMap { _ -> Int? in throw Failure() }
        _ = single.catch { _ in throw Failure() }
        _ = single.do(onSuccess: { _ in throw Failure() })
        _ = Single<Int>.deferred { throw Failure() }
        _ = Maybe.just(1).map { _ -> Int in throw Failure() }
        _ = Completable.empty().catch { _ in throw Failure() }
        _ = Observable<Int>.create { _ in Disposables.create() }.takeLast(1)
    }
}
