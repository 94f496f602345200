import CombineKit
import CombineKitTest
import Foundation
import Testing

/// The lock-free paths of `flatMap`/`switchToLatest`/`combineLatest` (the `DemandBuffer` fast path for
/// unlimited demand) and `Just`'s compare-exchange subscription, raced from several threads. Pass/fail
/// on counts and the grammar (`TestSubscriber` flags overlapping calls, values beyond demand and
/// anything after completion). "Stress" in the name: CI also runs these under the thread sanitizer.
@Suite struct FlatteningFastPathStressTests {
    static let rounds = 10
    static let threads = 4
    static let perThread = 200

    @Test func flatMapOfJustFromManyThreadsDeliversEveryValueOnceWithoutOverlap() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            subject.flatMap { Just($0) }.subscribe(subscriber)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    subject.send(SubjectConduitStressTests.value(thread: thread, index: index))
                }
            }
            subject.send(completion: .finished)
            SubjectConduitStressTests.expectPerThreadOrder(subscriber.values, threads: Self.threads, complete: false)
            #expect(subscriber.values.count == Self.threads * Self.perThread)
            #expect(subscriber.completion == .finished)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func flatMapWithLimitedDemandRequestedFromAnotherThreadNeverExceedsIt() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
            subject.flatMap { Just($0) }.subscribe(subscriber)
            SubjectConduitStressTests.race(Self.threads) { thread in
                if thread == 0 {
                    for _ in 0..<Self.perThread { subscriber.request(.max(1)) }
                } else {
                    for index in 0..<Self.perThread {
                        subject.send(SubjectConduitStressTests.value(thread: thread, index: index))
                    }
                }
            }
            #expect(subscriber.demandViolations == 0)
            #expect(subscriber.values.count == min(Self.perThread + 1, (Self.threads - 1) * Self.perThread))
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func cancellingWhileOtherThreadsDeliverThroughFlatMapStopsDelivery() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            subject.flatMap { Just($0) }.subscribe(subscriber)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    if thread == 0, index == Self.perThread / 2 { subscriber.cancel() }
                    subject.send(SubjectConduitStressTests.value(thread: thread, index: index))
                }
            }
            let countAfterRace = subscriber.values.count
            subject.send(-1)
            #expect(subscriber.values.count == countAfterRace)
            #expect(countAfterRace < Self.threads * Self.perThread)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func switchToLatestAndCombineLatestFromManyThreadsStayWithinTheGrammar() {
        for _ in 0..<Self.rounds {
            let a = PassthroughSubject<Int, Never>()
            let b = PassthroughSubject<Int, Never>()
            let switched = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            let combined = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            a.map { Just($0) }.switchToLatest().subscribe(switched)
            a.combineLatest(b, +).subscribe(combined)
            b.send(0)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    let value = SubjectConduitStressTests.value(thread: thread, index: index)
                    if thread % 2 == 0 { a.send(value) } else { b.send(0) }
                }
            }
            a.send(completion: .finished)
            b.send(completion: .finished)
            // Every `Just` finishes inside its own subscribe call, so none is ever replaced unfinished.
            #expect(switched.values.count == Self.threads / 2 * Self.perThread)
            // Each of `a`'s values makes a combination (`b` has produced); `b`'s values do once `a` has.
            #expect(combined.values.count >= Self.threads / 2 * Self.perThread)
            #expect(combined.values.count <= Self.threads * Self.perThread)
            #expect(switched.completion == .finished)
            #expect(combined.completion == .finished)
            #expect(switched.grammarViolations.isEmpty)
            #expect(combined.grammarViolations.isEmpty)
        }
    }

    @Test func justRequestRacingCancelDeliversAtMostOnce() {
        for _ in 0..<Self.rounds * 20 {
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
            Just(1).subscribe(subscriber)
            SubjectConduitStressTests.race(Self.threads) { thread in
                if thread == 0 { subscriber.cancel() } else { subscriber.request(.max(1)) }
            }
            let values = subscriber.values
            #expect(values == [] || values == [1])
            #expect((subscriber.completion == .finished) == (values == [1]))
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }
}
