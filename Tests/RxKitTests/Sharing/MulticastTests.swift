import RxKit
import RxKitTest
import Testing

@Suite struct MulticastTests {
    @Test func multicastSendsTheSourceThroughTheGivenSubject() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let subject = PublishSubject<Int>()
        let ys = xs.multicast(subject)
        let viaConnectable = record(ys, on: scheduler, from: 200)
        let viaSubject = record(subject, on: scheduler, from: 200)
        connect(ys, on: scheduler, at: 200)
        scheduler.start()
        #expect(viaConnectable.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(viaSubject.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func makeSubjectGivesEachConnectionAFreshSubjectAfterTermination() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        var subjectsMade = 0
        let ys = xs.multicast(makeSubject: { () -> ReplaySubject<Int> in
            subjectsMade += 1
            return ReplaySubject.create(bufferSize: 1)
        })
        let first = record(ys, on: scheduler, from: 200)
        connect(ys, on: scheduler, at: 200)
        let second = record(ys, on: scheduler, from: 300)
        connect(ys, on: scheduler, at: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .completed(220)])
        #expect(second.events == [.next(310, 1), .completed(320)])
        #expect(subjectsMade == 2)
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func aGivenSubjectStaysTerminatedAcrossConnections() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
        let ys = xs.multicast(ReplaySubject<Int>.create(bufferSize: 1))
        let first = record(ys, on: scheduler, from: 200)
        connect(ys, on: scheduler, at: 200)
        let second = record(ys, on: scheduler, from: 300)
        connect(ys, on: scheduler, at: 300)
        scheduler.start()
        #expect(first.events == [.next(210, 1), .completed(220)])
        #expect(second.events == [.next(300, 1), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 220), Subscription(300, 320)])
    }

    @Test func selectorSharesOneSourceSubscriptionPerSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start {
            xs.multicast({ PublishSubject<Int>() }, selector: { shared in
                Observable.create { observer in
                    Disposables.create(shared.subscribe(observer), shared.map { $0 * 10 }.subscribe(observer))
                }
            })
        }
        #expect(res.events == [.next(210, 1), .next(210, 10), .next(220, 2), .next(220, 20), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func selectorFormForwardsTheSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, testError)])
        let res = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0.map { $0 + 1 } }) }
        #expect(res.events == [.next(210, 2), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func selectorFormDisposalUnsubscribesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start(disposed: 215) { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 215)])
    }

    @Test func errorsThrownByEitherSelectorEndTheSequenceWithoutSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(230)])
        let subjectFails = scheduler.start {
            xs.multicast({ () throws -> PublishSubject<Int> in throw testError }, selector: { $0 })
        }
        let scheduler2 = TestScheduler(initialClock: 0)
        let xs2 = scheduler2.createHotObservable([.next(210, 1), .completed(230)])
        let selectorFails = scheduler2.start {
            xs2.multicast({ PublishSubject<Int>() }, selector: { _ -> Observable<Int> in throw otherError })
        }
        #expect(subjectFails.events == [.error(200, testError)])
        #expect(selectorFails.events == [.error(200, otherError)])
        #expect(xs.subscriptions == [])
        #expect(xs2.subscriptions == [])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let ys = xs.multicast(makeSubject: { PublishSubject<Int>() })
            _ = record(ys, on: scheduler, from: 200)
            connect(ys, on: scheduler, at: 200)
            _ = scheduler.start { xs.multicast({ PublishSubject<Int>() }, selector: { $0 }) }
            _ = scheduler.start(disposed: 205) { xs.multicast({ ReplaySubject<Int>.createUnbounded() }, selector: { $0 }) }
        }
        #expect(delta == 0)
    }
}
