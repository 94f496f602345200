import CombineKit
import CombineKitTest
import Foundation
import Testing

/// The churn paths raced from several threads: `AnyCancellable`'s atomic once, `Sink`'s and `filter`'s
/// in-object locks (subscribe racing cancel, cancel racing delivery), `flatMap`'s `DemandBuffer` ring
/// filled from other threads. "Stress" in the name: CI also runs these under the thread sanitizer.
@Suite struct SubscriptionChurnStressTests {
    static let rounds = 20
    static let threads = 4
    static let perThread = 200

    /// A thread-safe subscription that counts what it is asked.
    final class LockedCountingSubscription: Subscription, @unchecked Sendable {
        private let lock = NSLock()
        private var storedCancels = 0
        private var storedRequested = Subscribers.Demand.none
        var cancels: Int { lock.withLock { storedCancels } }
        var requested: Subscribers.Demand { lock.withLock { storedRequested } }
        func request(_ demand: Subscribers.Demand) { lock.withLock { storedRequested += demand } }
        func cancel() { lock.withLock { storedCancels += 1 } }
    }

    /// A thread-safe counter.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    @Test func anyCancellableCancelledFromManyThreadsRunsItsActionOnce() {
        for _ in 0..<Self.rounds * 10 {
            let counter = Counter()
            let cancellable = AnyCancellable { counter.increment() }
            SubjectConduitStressTests.race(Self.threads) { _ in cancellable.cancel() }
            #expect(counter.value == 1)
        }
    }

    @Test func anyCancellableWrappingACancellableCancelledFromManyThreadsCancelsItOnce() {
        for _ in 0..<Self.rounds * 10 {
            let subscription = LockedCountingSubscription()
            let cancellable = AnyCancellable(subscription)
            SubjectConduitStressTests.race(Self.threads) { _ in cancellable.cancel() }
            #expect(subscription.cancels == 1)
        }
    }

    @Test func sinkSubscriptionRacingCancelEndsCancelledExactlyOnce() {
        for _ in 0..<Self.rounds * 10 {
            // Sink is not Sendable (nor is Combine's): this test shares it on purpose, which is what it checks.
            nonisolated(unsafe) let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
            let subscription = LockedCountingSubscription()
            SubjectConduitStressTests.race(2) { thread in
                if thread == 0 {
                    sink.receive(subscription: subscription)
                } else {
                    sink.cancel()
                }
            }
            // Whichever came first, the subscription is cancelled once, by cancel() or by the sink
            // refusing it.
            #expect(subscription.cancels == 1)
        }
    }

    @Test func sinkCancelledWhileOtherThreadsSendStopsWithoutOverlap() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = SubjectConduitStressTests.OverlapCheckingRecorder()
            let cancellable = subject.sink { recorder.record($0) }
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    if thread == 0, index == Self.perThread / 2 {
                        cancellable.cancel()
                        recorder.noteCancelReturned()
                    }
                    subject.send(SubjectConduitStressTests.value(thread: thread, index: index))
                }
            }
            #expect(recorder.overlaps == 0)
            // Values already in flight when cancel() returned may still arrive, one per sending thread.
            #expect(recorder.valuesAfterCancel <= Self.threads - 1)
            let count = recorder.values.count
            subject.send(-1)
            #expect(recorder.values.count == count)
        }
    }

    @Test func filterChainCancelledWhileOtherThreadsSendStaysWithinTheGrammar() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(Self.perThread))
            subject.filter { $0.isMultiple(of: 2) }.map { $0 + 1 }.filter { _ in true }.subscribe(subscriber)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    if thread == 0, index == Self.perThread / 2 { subscriber.cancel() }
                    if thread == 1 { subscriber.request(.max(1)) }
                    subject.send(SubjectConduitStressTests.value(thread: thread, index: index))
                }
            }
            let count = subscriber.values.count
            subject.send(2)
            #expect(subscriber.values.count == count)
            #expect(subscriber.values.allSatisfy { !$0.isMultiple(of: 2) })
            #expect(subscriber.demandViolations == 0)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func flatMapFromSeveralInnerSubjectsOnManyThreadsQueuesWithinDemandAndCompletesAfterTheQueue() {
        for _ in 0..<Self.rounds {
            let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let inners = (0..<Self.threads).map { _ in PassthroughSubject<Int, Never>() }
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(Self.perThread))
            outer.flatMap { $0 }.subscribe(subscriber)
            inners.forEach(outer.send)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    inners[thread].send(SubjectConduitStressTests.value(thread: thread, index: index))
                }
                inners[thread].send(completion: .finished)
            }
            outer.send(completion: .finished)
            #expect(subscriber.values.count <= Self.perThread)
            #expect(subscriber.demandViolations == 0)
            SubjectConduitStressTests.expectPerThreadOrder(subscriber.values, threads: Self.threads, complete: false)
            // Subjects drop what nobody demanded, so the run ends with the demand used up or the stream
            // finished after everything that was accepted.
            if subscriber.completion == nil {
                #expect(subscriber.values.count == Self.perThread)
            }
            subscriber.request(.unlimited)
            #expect(subscriber.completion == .finished)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }
}
