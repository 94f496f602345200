import RxKit
import RxKitTest
import Testing

@Suite struct TakeTests {
    @Test func emitsTheFirstElementsThenCompletesAndUnsubscribesAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 0), .next(210, 1), .next(220, 2), .next(230, 3), .completed(300)])
        let res = scheduler.start { xs.take(2) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func sourceShorterThanCountCompletesWithTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start { xs.take(5) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func zeroCompletesAtOnceWithoutSubscribing() {
        // RxSwift's take(0) returns Observable.empty(): the source is never subscribed.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.take(0) }
        #expect(res.events == [.completed(200)])
        #expect(xs.subscriptions.isEmpty)
    }

    @Test func forwardsUpstreamErrorBeforeTheCount() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(250, testError), .next(260, 2)])
        let res = scheduler.start { xs.take(3) }
        #expect(res.events == [.next(210, 1), .error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(260, 2), .completed(400)])
        let res = scheduler.start(disposed: 250) { xs.take(3) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func reentrantSendFromDownstreamDoesNotExceedTheCount() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.take(2).subscribe(onNext: { value in
            received.append(value)
            if value == 1 { subject.onNext(99) }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == [1, 99])
        subscription.dispose()
    }

    @Test func negativeCountIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = Observable<Int>.never().take(-1)
        }
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
            _ = scheduler.start { xs.take(1) }
            _ = scheduler.start { xs.take(5) }
            _ = scheduler.start { xs.take(0) }
        }
        #expect(delta == 0)
    }
}
