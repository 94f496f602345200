import RxKit
import RxKitTest
import Testing

/// The RxSwift 5 names that RxSwift 6 deprecated on the traits (`retryWhen`, `catchError`,
/// `catchErrorJustReturn`) behave as their RxSwift 6 replacements, in virtual time.
@Suite struct PrimitiveSequenceDeprecatedTests {
    let scheduler = TestScheduler(initialClock: 0)
    private let calls: DeprecatedTraitCalling = DeprecatedTraitCalls()

    func failing<Element>(at time: TestTime) -> TestableObservable<Element> {
        scheduler.createColdObservable([.error(time, testError)])
    }

    // As retry(when:): a trigger element resubscribes; the trigger's completion completes the result.
    @Test func retryWhenWithATypedError() {
        let source: TestableObservable<Int> = failing(at: 10)
        let res = scheduler.start { calls.retryWhenTyped(source.asSingle()).asObservable() }
        #expect(res.events == [.completed(220)])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 220)])
    }

    @Test func retryWhenWithSwiftError() {
        let source: TestableObservable<Int> = failing(at: 10)
        let res = scheduler.start { calls.retryWhenUntyped(source.asMaybe()).asObservable() }
        #expect(res.events == [.completed(230)])
        #expect(source.subscriptions == [Subscription(200, 210), Subscription(210, 220), Subscription(220, 230)])
    }

    // As catch(_:): the error is replaced by the handler's trait.
    @Test func catchErrorOnSingleMaybeAndCompletable() {
        let single: TestableObservable<Int> = failing(at: 10)
        let res1 = scheduler.start(created: 100, subscribed: 200, disposed: 300) {
            calls.catchError(single.asSingle(), with: .just(7)).asObservable()
        }
        #expect(res1.events == [.next(210, 7), .completed(210)])
        #expect(single.subscriptions == [Subscription(200, 210)])

        let maybe: TestableObservable<Int> = failing(at: 10)
        let res2 = scheduler.start(created: 300, subscribed: 400, disposed: 500) {
            calls.catchError(maybe.asMaybe(), with: .empty()).asObservable()
        }
        #expect(res2.events == [.completed(410)])
        #expect(maybe.subscriptions == [Subscription(400, 410)])

        let completable: TestableObservable<Never> = failing(at: 10)
        let res3 = scheduler.start(created: 500, subscribed: 600, disposed: 700) {
            calls.catchError(completable.asCompletable(), with: .empty()).asObservable()
        }
        #expect(res3.events == [.completed(610)])
        #expect(completable.subscriptions == [Subscription(600, 610)])
    }

    // As Maybe.catchAndReturn(_:): the error becomes a success with the element.
    @Test func maybeCatchErrorJustReturn() {
        let source: TestableObservable<Int> = failing(at: 10)
        let res = scheduler.start { calls.catchErrorJustReturn(source.asMaybe(), 5).asObservable() }
        #expect(res.events == [.next(210, 5), .completed(210)])
        #expect(source.subscriptions == [Subscription(200, 210)])
    }

    // As Completable.zip(_:) (RxSwift 6 deprecated merge, renamed zip): all sources run at once; the
    // result completes when the last one has completed.
    @Test func completableMergeRunsAllAndCompletesAfterTheLast() {
        let first: TestableObservable<Never> = scheduler.createColdObservable([.completed(10)])
        let second: TestableObservable<Never> = scheduler.createColdObservable([.completed(30)])
        let res = scheduler.start { calls.merge([first.asCompletable(), second.asCompletable()]).asObservable() }
        #expect(res.events == [.completed(230)])
        #expect(first.subscriptions == [Subscription(200, 210)])
        #expect(second.subscriptions == [Subscription(200, 230)])
    }

    // As subscribe(onSuccess:onFailure:onDisposed:) (RxSwift 6 renamed onError to onFailure).
    @Test func singleSubscribeOnErrorReceivesTheFailure() {
        var failures = 0
        var disposed = 0
        _ = calls.subscribe(Single<Int>.error(testError), onSuccess: nil, onError: { _ in failures += 1 }, onDisposed: { disposed += 1 })
        var successes: [Int] = []
        _ = calls.subscribe(Single.just(4), onSuccess: { successes.append($0) }, onError: { _ in failures += 1 }, onDisposed: nil)
        #expect(failures == 1)
        #expect(disposed == 1)
        #expect(successes == [4])
    }
}

/// Non-deprecated requirements whose deprecated implementations call the old names: the calls are
/// compiled and run without a deprecation warning at the call sites above.
private protocol DeprecatedTraitCalling {
    func retryWhenTyped(_ single: Single<Int>) -> Single<Int>
    func retryWhenUntyped(_ maybe: Maybe<Int>) -> Maybe<Int>
    func catchError<Trait, Element>(_ trait: PrimitiveSequence<Trait, Element>, with fallback: PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    func catchErrorJustReturn(_ maybe: Maybe<Int>, _ element: Int) -> Maybe<Int>
    func merge(_ completables: [Completable]) -> Completable
    func subscribe(_ single: Single<Int>, onSuccess: ((Int) -> Void)?, onError: @escaping (Swift.Error) -> Void,
                   onDisposed: (() -> Void)?) -> Disposable
}


private struct DeprecatedTraitCalls: DeprecatedTraitCalling {
    @available(*, deprecated)
    func retryWhenTyped(_ single: Single<Int>) -> Single<Int> {
        single.retryWhen { (errors: Observable<TestError>) in errors.take(1) }
    }

    @available(*, deprecated)
    func retryWhenUntyped(_ maybe: Maybe<Int>) -> Maybe<Int> {
        maybe.retryWhen { (errors: Observable<Swift.Error>) in errors.take(2) }
    }

    @available(*, deprecated)
    func catchError<Trait, Element>(_ trait: PrimitiveSequence<Trait, Element>, with fallback: PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element> {
        trait.catchError { _ in fallback }
    }

    @available(*, deprecated)
    func catchErrorJustReturn(_ maybe: Maybe<Int>, _ element: Int) -> Maybe<Int> {
        maybe.catchErrorJustReturn(element)
    }

    @available(*, deprecated)
    func merge(_ completables: [Completable]) -> Completable {
        Completable.merge(completables)
    }

    @available(*, deprecated)
    func subscribe(_ single: Single<Int>, onSuccess: ((Int) -> Void)?, onError: @escaping (Swift.Error) -> Void,
                   onDisposed: (() -> Void)?) -> Disposable {
        single.subscribe(onSuccess: onSuccess, onError: onError, onDisposed: onDisposed)
    }
}
