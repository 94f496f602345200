import CombineKit
import CombineKitTest
import Foundation
import Testing

/// The subjects' lock-free delivery path (a subscriber with `.unlimited` demand is served with two
/// compare-exchanges per value, no lock) and its hand-over to the locked path (limited demand, values
/// queued during a delivery, completion, cancel), raced from several threads. Pass/fail on counts, order
/// and the grammar only: `TestSubscriber` flags a call overlapping another, a value beyond demand and
/// anything after completion. "Stress" in the name: CI also runs these under the thread sanitizer.
@Suite struct SubjectConduitStressTests {
    static let rounds = 20
    static let threads = 4
    static let perThread = 300

    /// Runs `body(thread)` on `count` new threads released together, and waits for all of them.
    static func race(_ count: Int = threads, _ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                start.wait()
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        #expect(group.wait(timeout: .now() + .seconds(120)) == .success, "threads did not finish: deadlock")
    }

    static func value(thread: Int, index: Int) -> Int { thread * 1_000_000 + index }

    /// Each thread's values arrive in the order it sent them, at most once (all of them if `complete`).
    static func expectPerThreadOrder(_ values: [Int], threads: Int, complete: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        var next = [Int](repeating: 0, count: threads)
        for value in values {
            let thread = value / 1_000_000, index = value % 1_000_000
            #expect(thread < threads && index >= next[thread], "value \(value) out of order or repeated", sourceLocation: sourceLocation)
            if thread < threads { next[thread] = index + 1 }
        }
        if complete {
            #expect(values.count == threads * perThread, sourceLocation: sourceLocation)
        }
    }

    /// Records from a `sink`, counting calls that overlap (the closure is never to be entered twice at once).
    final class OverlapCheckingRecorder: @unchecked Sendable {
        private let lock = NSLock()
        private let inside = NSLock()
        private var storedValues: [Int] = []
        private var storedOverlaps = 0
        private var storedAfterCancel = 0
        private var cancelReturned = false

        var values: [Int] { lock.withLock { storedValues } }
        var overlaps: Int { lock.withLock { storedOverlaps } }
        /// Values whose delivery began after `noteCancelReturned()` (at most one in flight is allowed).
        var valuesAfterCancel: Int { lock.withLock { storedAfterCancel } }

        func record(_ value: Int) {
            guard inside.try() else {
                lock.withLock { storedOverlaps += 1 }
                return
            }
            lock.withLock {
                storedValues.append(value)
                if cancelReturned { storedAfterCancel += 1 }
            }
            inside.unlock()
        }

        func noteCancelReturned() { lock.withLock { cancelReturned = true } }
    }

    @Test func unlimitedSubscribersFromManyThreadsNeverOverlapAndLoseNothingStress() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let direct = TestSubscriber<Int, Never>()
            subject.subscribe(direct)
            let chained = TestSubscriber<Int, Never>()
            subject.map { $0 }.filter { _ in true }.map { $0 }.subscribe(chained)
            let recorder = OverlapCheckingRecorder()
            let cancellable = subject.sink { recorder.record($0) }
            Self.race { thread in
                for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
            }
            subject.send(completion: .finished)
            for subscriber in [direct, chained] {
                Self.expectPerThreadOrder(subscriber.values, threads: Self.threads, complete: true)
                #expect(subscriber.completion == .finished)
                #expect(subscriber.grammarViolations.isEmpty)
            }
            Self.expectPerThreadOrder(recorder.values, threads: Self.threads, complete: true)
            #expect(recorder.overlaps == 0)
            cancellable.cancel()
        }
    }

    @Test func demandTurningUnlimitedWhileSendsRaceNeverExceedsDemandStress() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
            subject.subscribe(subscriber)
            Self.race(3) { thread in
                if thread == 2 {
                    for _ in 0..<50 { subscriber.request(.max(1)) }
                    subscriber.request(.unlimited)
                } else {
                    for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
                }
            }
            // Demand is unlimited by now: every later value arrives.
            let before = subscriber.values.count
            for index in Self.perThread..<(Self.perThread + 10) { subject.send(Self.value(thread: 0, index: index)) }
            #expect(subscriber.values.count == before + 10)
            #expect(subscriber.demandViolations == 0)
            #expect(subscriber.grammarViolations.isEmpty)
            Self.expectPerThreadOrder(subscriber.values, threads: 2, complete: false)
        }
    }

    @Test func completionRacingSendsEndsDeliveryOnceStress() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscribers = [TestSubscriber<Int, Never>(), TestSubscriber<Int, Never>(initialDemand: .max(100))]
            for subscriber in subscribers { subject.subscribe(subscriber) }
            Self.race(3) { thread in
                if thread == 2 {
                    for _ in 0..<100 { sched_yield() }  // let the senders get going (a yield, not a timed wait)
                    subject.send(completion: .finished)
                } else {
                    for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
                }
            }
            for subscriber in subscribers {
                #expect(subscriber.completion == .finished)
                #expect(subscriber.events.filter { if case .finished = $0 { true } else { false } }.count == 1)
                #expect(subscriber.demandViolations == 0)
                #expect(subscriber.grammarViolations.isEmpty)  // includes "value after completion"
                Self.expectPerThreadOrder(subscriber.values, threads: 2, complete: false)
            }
        }
    }

    @Test func cancelRacingSendsStopsDeliveryStress() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let recorder = OverlapCheckingRecorder()
            let cancellable = subject.map { $0 }.sink { recorder.record($0) }
            let direct = TestSubscriber<Int, Never>()
            subject.subscribe(direct)
            Self.race(3) { thread in
                if thread == 2 {
                    for _ in 0..<100 { sched_yield() }  // let the senders get going (a yield, not a timed wait)
                    cancellable.cancel()
                    recorder.noteCancelReturned()
                    direct.cancel()
                    direct.cancel()
                } else {
                    for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
                }
            }
            // A delivery already under way when cancel returned may finish; no other may start.
            #expect(recorder.valuesAfterCancel <= 1)
            #expect(recorder.overlaps == 0)
            let count = recorder.values.count
            let directCount = direct.values.count
            subject.send(-1)
            #expect(recorder.values.count == count)
            #expect(direct.values.count == directCount)
            #expect(direct.grammarViolations.isEmpty)
            Self.expectPerThreadOrder(direct.values, threads: 2, complete: false)
        }
    }

    @Test func reentrantSendsFromManyThreadsKeepOrderStress() {
        for _ in 0..<Self.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let echoes = 500_000
            // Echoes every original value back into the subject from inside `receive`: the echo is queued
            // and delivered after the call returns, by the thread delivering, never nested.
            let subscriber = TestSubscriber<Int, Never>(onValue: { value in
                if value % 1_000_000 < echoes { subject.send(value + echoes) }
            })
            subject.subscribe(subscriber)
            Self.race(2) { thread in
                for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
            }
            let values = subscriber.values
            #expect(values.count == 2 * Self.perThread * 2)
            var seen = Set<Int>()
            for value in values {
                if value % 1_000_000 >= echoes {
                    #expect(seen.contains(value - echoes), "echo \(value) before its original")
                }
                seen.insert(value)
            }
            Self.expectPerThreadOrder(values.filter { $0 % 1_000_000 < echoes }, threads: 2, complete: false)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func currentValueSubscribersJoiningWhileSendsRaceStress() {
        for _ in 0..<Self.rounds {
            let subject = CurrentValueSubject<Int, Never>(-1)
            let late = TestSubscribers()
            Self.race(3) { thread in
                if thread == 2 {
                    for _ in 0..<20 {
                        let subscriber = TestSubscriber<Int, Never>()
                        late.append(subscriber)
                        subject.subscribe(subscriber)
                    }
                } else {
                    for index in 0..<Self.perThread { subject.send(Self.value(thread: thread, index: index)) }
                }
            }
            subject.send(completion: .finished)
            for subscriber in late.all {
                let values = subscriber.values
                // The first value is the current one at subscription; then the sends, in per-thread order.
                #expect(!values.isEmpty)
                Self.expectPerThreadOrder(values.dropFirst().map { $0 }, threads: 2, complete: false)
                #expect(subscriber.completion == .finished)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    final class TestSubscribers: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [TestSubscriber<Int, Never>] = []
        var all: [TestSubscriber<Int, Never>] { lock.withLock { stored } }
        func append(_ subscriber: TestSubscriber<Int, Never>) { lock.withLock { stored.append(subscriber) } }
    }
}
