import CombineKit
import Foundation
import Testing

@Suite struct TimerPublisherTests {
    // Real run-loop time: the run loop is spun until the first tick arrives (bounded at 30 s as a hang guard).
    @Test func autoconnectTicksOnTheRunLoop() {
        var ticks: [Date] = []
        let cancellable = Timer.publish(every: 0.01, on: .current, in: .default).autoconnect().sink { ticks.append($0) }
        let deadline = Date().addingTimeInterval(30)  // a hang guard only, not a timing assertion
        while ticks.count < 2, Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
        }
        #expect(ticks.count >= 2)
        cancellable.cancel()
    }

    // Combine (OpenCombine TimerPublisherTests.testPublishMethod, run against Combine): `Timer.publish` does not
    // pass its tolerance on.
    @Test func publishLeavesToleranceNil() {
        let publisher = Timer.publish(every: 0.25, tolerance: 0.02, on: .main, in: .default)
        #expect(publisher.interval == 0.25)
        #expect(publisher.tolerance == nil)
        #expect(Timer.TimerPublisher(interval: 0.25, tolerance: 0.02, runLoop: .main, mode: .default).tolerance == 0.02)
    }

    // Combine (OpenCombine TimerPublisherTests.testConnectionReflection): the connection and the subscription
    // have no description or mirror of their own.
    @Test func connectionAndSubscriptionHaveNoDescription() throws {
        let publisher = Timer.TimerPublisher(interval: 0.25, runLoop: .main, mode: .default)
        let connection = publisher.connect()
        defer { connection.cancel() }
        #expect(!(connection is CustomStringConvertible))
        #expect(!(connection is CustomReflectable))
        var received: Subscription?
        publisher.subscribe(AnySubscriber<Date, Never>(receiveSubscription: { received = $0 }))
        let subscription = try #require(received)
        #expect(!(subscription is CustomStringConvertible))
        #expect(!(subscription is CustomReflectable))
        #expect(!(subscription is NSObject))
        subscription.cancel()
    }
}
