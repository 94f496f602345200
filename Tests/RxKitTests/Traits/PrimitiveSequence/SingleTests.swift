import RxKit
import RxKitTest
import Testing

@Suite struct SingleTests {
    @Test func createDeliversSuccessOnceAndRunsItsDisposable() {
        var disposed = 0
        var results: [String] = []
        _ = Single<Int>.create { observer in
            observer(.success(1))
            observer(.success(2))
            observer(.failure(testError))
            return Disposables.create { disposed += 1 }
        }.subscribe(onSuccess: { results.append("success \($0)") }, onFailure: { results.append("failure \($0)") })
        #expect(results == ["success 1"])
        #expect(disposed == 1)
    }

    @Test func subscribeWithResultCallback() {
        var results: [SingleEvent<Int>] = []
        _ = Single.just(3).subscribe { results.append($0) }
        _ = Single<Int>.error(testError).subscribe { results.append($0) }
        #expect(results.count == 2)
        #expect((try? results[0].get()) == 3)
        if case .failure(let error) = results[1] { #expect(error as? TestError == testError) } else { Issue.record("expected failure") }
    }

    @Test func asSingleFailsWithNoElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let empty = scheduler.createHotObservable([.completed(250)] as [Recorded<Event<Int>>])
        let res = scheduler.start { empty.asSingle().asObservable() }
        #expect(res.events == [.error(250, RxError.noElements)])
    }

    @Test func asSingleFailsAtTheSecondElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let many = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { many.asSingle().asObservable() }
        #expect(res.events == [.error(220, RxError.moreThanOneElement)])
        #expect(many.subscriptions == [Subscription(200, 220)])
    }

    // RxSwift's asSingle emits the element only when the source completes.
    @Test func asSingleEmitsTheElementAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let one = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { one.asSingle().asObservable() }
        #expect(res.events == [.next(250, 1), .completed(250)])
        #expect(one.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribesAndReleases() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            let subscription = subject.asSingle().subscribe(onSuccess: { _ in })
            #expect(subject.hasObservers)
            subscription.dispose()
            #expect(!subject.hasObservers)
        }
        #expect(delta == 0)
    }

    @Test func unhandledFailureGoesToTheDefaultErrorHandlerNotACrash() {
        // Only checks that the call does not trap; the handler itself is covered in BindingErrorTests.
        _ = Single<Int>.error(testError).subscribe(onFailure: { _ in })
    }

    @Test func deferredCreatesPerSubscriber() {
        var created = 0
        let single = Single<Int>.deferred {
            created += 1
            return .just(created)
        }
        var values: [Int] = []
        _ = single.subscribe(onSuccess: { values.append($0) })
        _ = single.subscribe(onSuccess: { values.append($0) })
        #expect(values == [1, 2])
    }
}
