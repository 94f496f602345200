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
}

/// Non-deprecated requirements whose deprecated implementations call the old names: the calls are
/// compiled and run without a deprecation warning at the call sites above.
private protocol DeprecatedTraitCalling {
    func retryWhenTyped(_ single: Single<Int>) -> Single<Int>
    func retryWhenUntyped(_ maybe: Maybe<Int>) -> Maybe<Int>
    func catchError<Trait, Element>(_ trait: PrimitiveSequence<Trait, Element>, with fallback: PrimitiveSequence<Trait, Element>)
        -> PrimitiveSequence<Trait, Element>
    func catchErrorJustReturn(_ maybe: Maybe<Int>, _ element: Int) -> Maybe<Int>
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
}
