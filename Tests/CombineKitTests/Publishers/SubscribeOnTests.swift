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

    // Combine's SubscribeOn schedules every request, request(.none) included, and the cancel (OpenCombine's
    // SubscribeOnTests.testAsynchronouslySendsEventsUpstream).
    @Test func zeroDemandIsScheduledAndPassedToTheUpstream() {
        let scheduler = CombineTestScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.subscribe(on: scheduler).subscribe(subscriber)
        scheduler.run()
        subscriber.subscription?.request(.max(17))
        subscriber.subscription?.request(.none)
        #expect(upstream.subscription.events == [])
        scheduler.run()
        #expect(upstream.subscription.events == [.requested(.max(17)), .requested(.none)])
        subscriber.subscription?.cancel()
        #expect(upstream.subscription.events == [.requested(.max(17)), .requested(.none)])
        scheduler.run()
        #expect(upstream.subscription.events == [.requested(.max(17)), .requested(.none), .cancelled])
    }

    // Deliberate difference: with a scheduler that runs actions at once, a request made from inside the
    // upstream's request(_:) goes through; Combine traps (OpenCombine's
    // SubscribeOnTests.testCrashWhenRequestingRecursively).
    @Test func aRequestFromInsideTheUpstreamsRequestGoesThrough() {
        final class Reentering: Subscription, @unchecked Sendable {
            var requests: [Subscribers.Demand] = []
            var onRequest: (() -> Void)?
            func request(_ demand: Subscribers.Demand) {
                requests.append(demand)
                onRequest?()
            }
            func cancel() {}
        }
        let subscription = Reentering()
        let subscriber = ManualSubscriber<Int, TestError>()
        HandingPublisher<Int, TestError>(subscription).subscribe(on: ImmediateScheduler.shared).subscribe(subscriber)
        var remaining = 2
        subscription.onRequest = {
            guard remaining > 0 else { return }
            remaining -= 1
            subscriber.subscription?.request(.max(1))
        }
        subscriber.subscription?.request(.max(5))
        #expect(subscription.requests == [.max(5), .max(1), .max(1)])
    }

    // Combine ignores a cancel before the upstream's subscription arrived and accepts that subscription when
    // it comes (OpenCombine's SubscribeOnTests.testSubscribeOnCancelBeforeSubscription); a cancel from the downstream, which holds the
    // subscription, cancels the upstream and lets it go.
    @Test func aCancelBeforeTheSubscriptionIsIgnored() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.subscribe(on: ImmediateScheduler.shared) }
    }
    // Combine: subscribe(on:) "specifies the scheduler on which to perform subscribe, cancel, and request
    // operations" — on a DispatchQueue (no options) as on any scheduler; the values still come wherever the
    // upstream sends them.
    @Test func aDispatchQueueGetsTheSubscriptionTheRequestsAndTheCancel() {
        final class QueueCheckingSubscription: Subscription, @unchecked Sendable {
            let key: DispatchSpecificKey<Int>
            let onQueue = LockedQueueFlags()
            init(key: DispatchSpecificKey<Int>) { self.key = key }
            func request(_ demand: Subscribers.Demand) {
                onQueue.add("request(\(demand.max ?? -1)) on queue: \(DispatchQueue.getSpecific(key: key) == 3)")
            }
            func cancel() {
                onQueue.add("cancel on queue: \(DispatchQueue.getSpecific(key: key) == 3)")
            }
        }
        final class QueueCheckingPublisher: Publisher, @unchecked Sendable {
            typealias Output = Int
            typealias Failure = Never
            let subscription: QueueCheckingSubscription
            init(_ subscription: QueueCheckingSubscription) { self.subscription = subscription }
            func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
                subscription.onQueue.add("subscribe on queue: \(DispatchQueue.getSpecific(key: subscription.key) == 3)")
                subscriber.receive(subscription: subscription)
            }
        }
        let queue = DispatchQueue(label: "subscribe-on-dispatch-queue-test")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 3)
        let subscription = QueueCheckingSubscription(key: key)
        let subscriber = ManualSubscriber<Int, Never>()
        QueueCheckingPublisher(subscription).subscribe(on: queue).subscribe(subscriber)
        queue.sync {}
        subscriber.subscription?.request(.max(2))
        queue.sync {}
        subscriber.subscription?.cancel()
        queue.sync {}
        #expect(subscription.onQueue.values == [
            "subscribe on queue: true", "request(2) on queue: true", "cancel on queue: true",
        ])
    }
}

/// Strings appended from any thread, read after the appending threads are done.
final class LockedQueueFlags: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func add(_ value: String) { lock.withLock { stored.append(value) } }
    var values: [String] { lock.withLock { stored } }
}
