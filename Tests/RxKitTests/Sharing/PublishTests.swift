import RxKit
import RxKitTest
import Testing

@Suite struct PublishTests {
    // RxSwift: `publish()` is `multicast { PublishSubject() }`: the subject is cleared when its connection
    // is disposed, so an observer subscribed during the first connection sees nothing of the second
    // (RxSwift's MulticastTests, testReplayCount_Basic: its subscriber gets nothing after the reconnection).
    @Test func anObserverOfOneConnectionSeesNothingOfTheNext() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(230, 2), .next(250, 3), .next(270, 4), .next(310, 5), .completed(350),
        ])
        let ys = xs.publish()
        let observer = record(ys, on: scheduler, from: 200)
        let secondRound = record(ys, on: scheduler, from: 290)
        connect(ys, on: scheduler, at: 220, disconnectAt: 260)
        connect(ys, on: scheduler, at: 300)
        scheduler.start()
        #expect(observer.events == [.next(230, 2), .next(250, 3)])
        #expect(secondRound.events == [.next(310, 5), .completed(350)])
        #expect(xs.subscriptions == [Subscription(220, 260), Subscription(300, 350)])
    }

    // After the connection terminated, its subject is dropped (RxSwift's `multicast(makeSubject:)`: "Subject
    // is cleared on connection disposal or in case source sequence produces terminal event"): a subscriber
    // after the end waits on a fresh subject for the next connection.
    @Test func lateSubscribersGetOnlyLaterEventsAndAfterTerminationWaitForTheNextConnection() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(250, 2), .completed(300), .next(450, 3)])
        let ys = xs.publish()
        let early = record(ys, on: scheduler, from: 200)
        let late = record(ys, on: scheduler, from: 240)
        let afterEnd = record(ys, on: scheduler, from: 400)
        connect(ys, on: scheduler, at: 200)
        connect(ys, on: scheduler, at: 440, disconnectAt: 500)
        scheduler.start()
        #expect(early.events == [.next(210, 1), .next(250, 2), .completed(300)])
        #expect(late.events == [.next(250, 2), .completed(300)])
        #expect(afterEnd.events == [.next(450, 3)])
        #expect(xs.subscriptions == [Subscription(200, 300), Subscription(440, 500)])
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
