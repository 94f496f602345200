import CombineKit
import CombineKitTest
import Dispatch
import Foundation
import Testing

@Suite struct SubscribeOnTests {
    @Test func subscribesRequestsAndCancelsOnScheduler() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(10, 1)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        scheduler.advance(to: 5)
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        #expect(upstream.subscriptions.isEmpty)
        scheduler.advance(to: 6)
        #expect(upstream.subscriptions.count == 1)
        scheduler.advance(to: 20)
        #expect(subscriber.values == [1])
        subscriber.cancel()
        #expect(upstream.subscriptions[0].cancelled == nil)
        scheduler.advance()
        #expect(upstream.subscriptions[0].cancelled == 20)
    }

    @Test func forwardsFailure() {
        let scheduler = CombineTestScheduler()
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler)
        Fail<Int, TestError>(error: .oops).subscribe(on: scheduler).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }
}
