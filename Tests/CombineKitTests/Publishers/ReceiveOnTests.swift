import CombineKit
import CombineKitTest
import Dispatch
import Foundation
import Testing

@Suite struct ReceiveOnTests {
    @Test func alwaysSchedulesValuesAndCompletion() {
        let scheduler = CombineTestScheduler()
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        Just(1).receive(on: scheduler).subscribe(subscriber)
        #expect(subscriber.values == [])
        scheduler.advance()
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
    }

    @Test func limitedDemandFailureAndCancel() {
        let scheduler = CombineTestScheduler()
        let limited = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        [1, 2, 3].publisher.receive(on: scheduler).subscribe(limited)
        scheduler.run()
        #expect(limited.values == [1])
        let failing = TestSubscriber<Int, TestError>(scheduler: scheduler)
        Fail<Int, TestError>(error: .oops).receive(on: scheduler).subscribe(failing)
        scheduler.run()
        #expect(failing.completion == .failure(.oops))
        let subject = PassthroughSubject<Int, Never>()
        let cancelled = TestSubscriber<Int, Never>(scheduler: scheduler)
        subject.receive(on: scheduler).subscribe(cancelled)
        subject.send(1)
        cancelled.cancel()
        scheduler.run()
        #expect(cancelled.values == [])
    }

    // ImmediateScheduler performs actions synchronously (Combine's docs), so receive(on:) with it delivers
    // each value during the upstream's send, honours limited demand, and stops at a cancel.
    @Test func immediateSchedulerDeliversSynchronouslyWithinDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(2))
        subject.receive(on: ImmediateScheduler.shared).subscribe(limited)
        subject.send(1)
        #expect(limited.values == [1])
        subject.send(2)
        subject.send(3)
        #expect(limited.values == [1, 2])
        #expect(limited.demandViolations == 0)
        limited.request(.max(1))
        subject.send(4)
        #expect(limited.values == [1, 2, 4])
        limited.cancel()
        subject.send(5)
        subject.send(completion: .finished)
        #expect(limited.values == [1, 2, 4])
        #expect(limited.completion == nil)
    }

    @Test func immediateSchedulerDemandReturnedByTheSubscriberReachesTheUpstream() {
        var requested: [Subscribers.Demand] = []
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        let subscriber = AnySubscriber<Int, Never>(
            receiveSubscription: { $0.request(.max(1)) },
            receiveValue: { value in
                received.append(value)
                return .max(1)  // one more per value: upstream sees each request
            },
            receiveCompletion: { _ in })
        subject.handleEvents(receiveRequest: { requested.append($0) })
            .receive(on: ImmediateScheduler.shared)
            .subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(received == [1, 2])
        #expect(requested == [.max(1), .max(1), .max(1)])
    }

    @Test func descriptionIsReceiveOn() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        PassthroughSubject<Int, Never>().receive(on: ImmediateScheduler.shared).subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "ReceiveOn")
    }

    @Test func worksWithDispatchQueue() async {
        let queue = DispatchQueue(label: "receive-on")
        let values: [Int] = await withCheckedContinuation { continuation in
            let box = UnsafeSendable(continuation)
            var collected: [Int] = []
            var cancellable: AnyCancellable?
            cancellable = [1, 2].publisher.receive(on: queue).sink(receiveCompletion: { _ in
                box.value.resume(returning: collected)
                _ = cancellable
            }, receiveValue: { collected.append($0) })
        }
        #expect(values == [1, 2])
    }

    // Combine: a subscriber receives nothing after it cancels (Cancellable.cancel), even values that were
    // already handed to the scheduler: the queue is held, so every delivery below is still waiting.
    @Test func dispatchQueueDeliveriesWaitingAtCancelAreDropped() {
        let queue = DispatchQueue(label: "receive-on-cancel")
        let received = ReceiveOnLockedValues()
        let subject = PassthroughSubject<Int, Never>()
        queue.suspend()
        let cancellable = subject.receive(on: queue).sink { received.append($0) }
        subject.send(1)
        subject.send(2)
        cancellable.cancel()
        queue.resume()
        queue.sync {}
        #expect(received.values == [])
    }

    // Combine's ReceiveOn schedules each value on its own (scheduler.schedule per receive(_:)), so on a
    // serial queue each delivery keeps its place among other work sent to the queue meanwhile.
    @Test func dispatchQueueDeliveriesKeepTheirPlaceAmongOtherWorkOnTheQueue() {
        let queue = DispatchQueue(label: "receive-on-interleaving")
        let received = ReceiveOnLockedValues()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.receive(on: queue).sink { received.append($0) }
        queue.suspend()
        for value in 1...3 {
            subject.send(value)
            queue.async { received.append(-value) }
        }
        queue.resume()
        queue.sync {}
        #expect(received.values == [1, -1, 2, -2, 3, -3])
        cancellable.cancel()
    }

    // Combine: receive(on:) delivers the upstream's values, then its completion, in order on the queue.
    @Test func dispatchQueueDeliversValuesInOrderThenTheCompletion() {
        let queue = DispatchQueue(label: "receive-on-order")
        let received = ReceiveOnLockedValues()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.receive(on: queue).sink(receiveCompletion: { _ in received.append(-1) },
                                                          receiveValue: { received.append($0) })
        for value in 0..<100 { subject.send(value) }
        subject.send(completion: .finished)
        queue.sync {}
        #expect(received.values == Array(0..<100) + [-1])
        cancellable.cancel()
    }

    // Combine's ReceiveOn ends at the upstream's completion (what the upstream sends afterwards is not
    // scheduled) and delivers the scheduled completion even if the subscriber cancels before it runs
    // (OpenCombine's ReceiveOnTests.testBasicBehavior, testStrongCaptureWhenSchedulingCompletion).
    @Test func theScheduledCompletionIsDeliveredEvenAfterACancel() {
        let scheduler = CombineTestScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.receive(on: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.unlimited)
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        #expect(upstream.send(4) == .none)
        subscriber.subscription?.cancel()
        scheduler.run()
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(subscriber.values.isEmpty)
    }

    // Combine's ReceiveOn does not request the demand returned by a subscriber that cancelled while it
    // received the value (OpenCombine's ReceiveOnTests.testCancelWhileReceivingInput).
    @Test func noDemandReachesTheUpstreamAfterACancelDuringDelivery() {
        let scheduler = CombineTestScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(42))
        subscriber.onValue = { _ in subscriber.subscription?.cancel() }
        upstream.receive(on: scheduler).subscribe(subscriber)
        _ = upstream.send(1)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscription.events == [.cancelled])
    }

    // Combine's ReceiveOn still delivers values scheduled before the upstream's completion, and requests
    // the demand they return (OpenCombine's ReceiveOnTests.testReceiveCompletionImmediatelyAfterValue).
    @Test func valuesScheduledBeforeTheCompletionStillAskForMore() {
        let scheduler = CombineTestScheduler()
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(418))
        upstream.receive(on: scheduler).subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        _ = upstream.send(-1)
        upstream.send(completion: .finished)
        scheduler.run()
        #expect(subscriber.values == [-1])
        #expect(subscriber.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.max(1)), .requested(.max(418))])
    }

    // Combine's ReceiveOn passes request(.none) to the upstream (OpenCombine's ReceiveOnTests.testRequest).
    @Test func zeroDemandPassesToTheUpstream() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.receive(on: ImmediateScheduler.shared).subscribe(subscriber)
        subscriber.subscription?.request(.max(10))
        subscriber.subscription?.request(.none)
        #expect(upstream.subscription.events == [.requested(.max(10)), .requested(.none)])
    }

    // Combine ignores a cancel before the upstream's subscription arrived and accepts that subscription when
    // it comes (OpenCombine's ReceiveOnTests.testReceiveOnCancelBeforeSubscription); a cancel from the downstream, which holds the
    // subscription, cancels the upstream and lets it go.
    @Test func aCancelBeforeTheSubscriptionIsIgnored() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.receive(on: ImmediateScheduler.shared) }
    }
}

/// Values appended on a dispatch queue and read by the test.
fileprivate final class ReceiveOnLockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.lock(); storage.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return storage }
}
