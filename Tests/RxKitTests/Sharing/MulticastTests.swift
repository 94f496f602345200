import RxKit
import RxKitTest
import Testing

/// Subscribes a recording observer to `source` at `start` (and disposes it at `end`, if given).
fileprivate func record<Source: ObservableType>(
    _ source: Source, on scheduler: TestScheduler, from start: TestTime, to end: TestTime? = nil
) -> TestableObserver<Source.Element> {
    let observer = scheduler.createObserver(Source.Element.self)
    var subscription: Disposable?
    scheduler.scheduleAt(start) { subscription = source.subscribe(observer) }
    if let end { scheduler.scheduleAt(end) { subscription?.dispose() } }
    return observer
}

/// Calls `connect()` at `start` (and disposes the connection at `end`, if given).
fileprivate func connect<Source: ConnectableObservableType>(
    _ source: Source, on scheduler: TestScheduler, at start: TestTime, disconnectAt end: TestTime? = nil
) {
    var connection: Disposable?
    scheduler.scheduleAt(start) { connection = source.connect() }
    if let end { scheduler.scheduleAt(end) { connection?.dispose() } }
}

@Suite struct PublishTests {
    @Test func sharesEventsOnlyWhileConnected() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(310, 5), .completed(350),
        ])
        let ys = xs.publish()
        let observer = record(ys, on: scheduler, from: 200)
        connect(ys, on: scheduler, at: 220, disconnectAt: 260)
        connect(ys, on: scheduler, at: 300)
        scheduler.start()
        #expect(observer.events == [.next(230, 2), .next(250, 3), .next(310, 5), .completed(350)])
        #expect(xs.subscriptions == [Subscription(220, 260), Subscription(300, 350)])
    }

    @Test func lateSubscribersGetOnlyLaterEventsAndAfterTerminationOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300)])
        let ys = xs.publish()
        let early = record(ys, on: scheduler, from: 200)
        let late = record(ys, on: scheduler, from: 240)
        let afterEnd = record(ys, on: scheduler, from: 400)
        connect(ys, on: scheduler, at: 200)
        scheduler.start()
        #expect(early.events == [.next(210, 1), .next(250, 2), .completed(300)])
        #expect(late.events == [.next(250, 2), .completed(300)])
        #expect(afterEnd.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func connectingTwiceWhileConnectedReturnsTheSameConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let ys = xs.publish()
        var first: Disposable?
        var second: Disposable?
        scheduler.scheduleAt(200) { first = ys.connect() }
        scheduler.scheduleAt(220) { second = ys.connect() }
        scheduler.scheduleAt(250) { first?.dispose() }
        scheduler.start()
        #expect(first.map { $0 as AnyObject } === second.map { $0 as AnyObject })
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = xs.publish()
            _ = record(ys, on: scheduler, from: 200)
            _ = record(ys, on: scheduler, from: 205, to: 220)
            connect(ys, on: scheduler, at: 200, disconnectAt: 220)
            connect(ys, on: scheduler, at: 225)
            scheduler.start()
        }
        #expect(delta == 0)
    }
}

@Suite struct ReplayTests {
    @Test func lateSubscribersGetTheLatestBufferedElementsFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .completed(300)])
        let ys = xs.replay(2)
        connect(ys, on: scheduler, at: 200)
        let late = record(ys, on: scheduler, from: 250)
        let afterEnd = record(ys, on: scheduler, from: 400)
        scheduler.start()
        #expect(late.events == [.next(250, 2), .next(250, 3), .next(260, 4), .completed(300)])
        #expect(afterEnd.events == [.next(400, 3), .next(400, 4), .completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func replayAllGivesLateSubscribersEveryElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(230, 3), .next(260, 4), .error(300, testError)])
        let ys = xs.replayAll()
        connect(ys, on: scheduler, at: 200)
        let late = record(ys, on: scheduler, from: 250)
        scheduler.start()
        #expect(late.events == [.next(250, 1), .next(250, 2), .next(250, 3), .next(260, 4), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func disconnectingUnsubscribesTheSourceButKeepsTheBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3)])
        let ys = xs.replay(1)
        connect(ys, on: scheduler, at: 200, disconnectAt: 240)
        let late = record(ys, on: scheduler, from: 250)
        scheduler.start()
        #expect(late.events == [.next(250, 2)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(300)])
            let ys = xs.replay(1)
            let zs = xs.replayAll()
            connect(ys, on: scheduler, at: 200)
            connect(zs, on: scheduler, at: 200, disconnectAt: 220)
            _ = record(ys, on: scheduler, from: 250)
            _ = record(zs, on: scheduler, from: 250, to: 260)
            scheduler.start()
        }
        #expect(delta == 0)
    }
}

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
