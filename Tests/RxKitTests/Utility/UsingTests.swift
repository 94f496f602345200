import RxKit
import RxKitTest
import Testing

@Suite struct UsingTests {
    @Test func createsTheResourceAtSubscriptionAndDisposesItOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = UsingTestResource(scheduler: scheduler)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        var createdAt: [Int] = []
        let res = scheduler.start {
            Observable.using({ () -> UsingTestResource in
                createdAt.append(scheduler.clock)
                return resource
            }, observableFactory: { _ in xs.asObservable() })
        }
        #expect(createdAt == [200])
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
        #expect(resource.disposedAt == [230])
    }

    @Test func theObservableFactoryReceivesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = UsingTestResource(scheduler: scheduler, value: 7)
        let res = scheduler.start {
            Observable.using({ resource }, observableFactory: { Observable.just($0.value) })
        }
        #expect(res.events == [.next(200, 7), .completed(200)])
        #expect(resource.disposedAt == [200])
    }

    @Test func disposesTheResourceOnError() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = UsingTestResource(scheduler: scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError)])
        let res = scheduler.start { Observable.using({ resource }, observableFactory: { _ in xs.asObservable() }) }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(resource.disposedAt == [250])
    }

    @Test func disposesTheResourceOnDisposal() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = UsingTestResource(scheduler: scheduler)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(300)])
        let res = scheduler.start(disposed: 250) { Observable.using({ resource }, observableFactory: { _ in xs.asObservable() }) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(resource.disposedAt == [250])
    }

    @Test func throwingResourceFactoryFailsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        var observableFactoryCalls = 0
        let res = scheduler.start {
            Observable<Int>.using({ () throws -> UsingTestResource in throw testError }, observableFactory: { _ in
                observableFactoryCalls += 1
                return .never()
            })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(observableFactoryCalls == 0)
    }

    @Test func throwingObservableFactoryFailsTheSequenceAndDisposesTheResource() {
        let scheduler = TestScheduler(initialClock: 0)
        let resource = UsingTestResource(scheduler: scheduler)
        let res = scheduler.start {
            Observable<Int>.using({ resource }, observableFactory: { _ in throw testError })
        }
        #expect(res.events == [.error(200, testError)])
        #expect(resource.disposedAt == [200])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            _ = scheduler.start { Observable.using({ BooleanDisposable() }, observableFactory: { _ in xs.asObservable() }) }
            _ = scheduler.start { Observable<Int>.using({ BooleanDisposable() }, observableFactory: { _ in throw testError }) }
            _ = scheduler.start(disposed: 300) { Observable<Int>.using({ BooleanDisposable() }, observableFactory: { _ in .never() }) }
        }
        #expect(delta == 0)
    }
}

/// A resource that records the virtual times it was disposed at.
fileprivate final class UsingTestResource: Disposable {
    let scheduler: TestScheduler
    let value: Int
    private(set) var disposedAt: [Int] = []

    init(scheduler: TestScheduler, value: Int = 0) {
        self.scheduler = scheduler
        self.value = value
    }

    func dispose() { disposedAt.append(scheduler.clock) }
}
