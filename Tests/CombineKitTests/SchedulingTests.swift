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
}

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

@Suite struct SchedulerConformanceTests {
    @Test func dispatchStrideConversions() {
        typealias Stride = DispatchQueue.SchedulerTimeType.Stride
        #expect(Stride.seconds(1).magnitude == 1_000_000_000)
        #expect(Stride.milliseconds(5) == Stride.microseconds(5_000))
        let literal: Stride = 0.5
        #expect(literal == .milliseconds(500))
        let start = DispatchQueue.SchedulerTimeType(.init(uptimeNanoseconds: 1_000))
        #expect(start.distance(to: start.advanced(by: .nanoseconds(500))) == .nanoseconds(500))
    }

    @Test func runLoopStrideConversions() {
        typealias Stride = RunLoop.SchedulerTimeType.Stride
        #expect(Stride.milliseconds(1_500).timeInterval == 1.5)
        let date = Date(timeIntervalSince1970: 0)
        #expect(RunLoop.SchedulerTimeType(date).advanced(by: 2).date == Date(timeIntervalSince1970: 2))
    }

    @Test func immediateSchedulerRunsAtOnce() {
        var ran = 0
        ImmediateScheduler.shared.schedule { ran += 1 }
        ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now.advanced(by: 10)) { ran += 1 }
        #expect(ran == 2)
    }

    @Test func throttleCompilesWithRunLoopMainAsOnApple() {
        // Code written for Apple's Combine, `throttle(for: 0.5, scheduler: RunLoop.main, latest: true)`, compiles.
        let publisher = PassthroughSubject<Int, Never>().throttle(for: 0.5, scheduler: RunLoop.main, latest: true)
        let _: Publishers.Throttle<PassthroughSubject<Int, Never>, RunLoop> = publisher
    }
}
