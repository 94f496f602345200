import RxKit
import RxKitTest
import Testing

/// `from(_:scheduler:)` for arrays and for sequences.
@Suite struct FromSequenceTests {
    @Test func fromArrayOnTheDefaultSchedulerSendsEverythingAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([3, 1, 2, 4]) }
        #expect(res.events == [.next(200, 3), .next(200, 1), .next(200, 2), .next(200, 4), .completed(200)])
    }

    @Test func fromArrayOnASchedulerSendsOneElementPerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from([3, 1, 2, 4], scheduler: scheduler) }
        #expect(res.events == [.next(201, 3), .next(202, 1), .next(203, 2), .next(204, 4), .completed(205)])
    }

    @Test func fromArrayDisposedMidwayStopsSending() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start(disposed: 203) { Observable.from([3, 1, 2, 4], scheduler: scheduler) }
        #expect(res.events == [.next(201, 3), .next(202, 1)])
    }

    @Test func fromSequenceSendsItsElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(stride(from: 10, to: 40, by: 10), scheduler: scheduler) }
        #expect(res.events == [.next(201, 10), .next(202, 20), .next(203, 30), .completed(204)])
    }

    @Test func fromSequenceIteratesAfreshForEachSubscription() {
        let counter = FromSequenceIterationCounter(limit: 3)
        let source = Observable.from(counter)
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [0, 1, 2, 0, 1, 2])
        #expect(counter.iterators.value == 2)
    }

    @Test func fromSequenceOnTheDefaultSchedulerRunsSynchronously() {
        var events: [Event<Int>] = []
        _ = Observable.from(1...3).subscribe { events.append($0) }
        #expect(events == [.next(1), .next(2), .next(3), .completed])
    }

    @Test func longSequenceOnTheTrampolineDoesNotGrowTheStack() {
        var count = 0
        var completed = false
        _ = Observable.from(0..<200_000).subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
        #expect(count == 200_000)
        #expect(completed)
    }

    /// RxSwift queues each element of a `from` as its own action on the trampoline, so two `from`s
    /// subscribed in one trampoline alternate, and work an observer schedules runs between elements.
    @Test func elementsInterleaveWithOtherWorkOnTheTrampoline() {
        var received: [Int] = []
        _ = Observable.merge(Observable.from([1, 2, 3]), Observable.from([10, 20])).subscribe(onNext: { received.append($0) })
        #expect(received == [1, 10, 2, 20, 3])

        var log: [String] = []
        _ = Observable.from([1, 2, 3]).subscribe(onNext: { value in
            log.append("\(value)")
            if value == 1 {
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("scheduled by 1")
                    return Disposables.create()
                }
            }
        }, onCompleted: { log.append("completed") })
        #expect(log == ["1", "scheduled by 1", "2", "3", "completed"])
    }

    @Test func concatOfFromsKeepsOrder() {
        var received: [Int] = []
        _ = Observable.concat([Observable.from([1, 2]), Observable.from([3]), Observable.from([4, 5])])
            .subscribe(onNext: { received.append($0) })
        #expect(received == [1, 2, 3, 4, 5])
    }

    @Test func canBeDisposedMidwayFromInsideOnNextOnTheTrampoline() {
        var received: [Int] = []
        let subscription = SingleAssignmentDisposable()
        // Subscribing inside a running trampoline hands back the disposable before the first element.
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.from(0..<1_000_000).subscribe(onNext: { value in
                received.append(value)
                if value == 2 { subscription.dispose() }
            }))
            return Disposables.create()
        }
        #expect(received == [0, 1, 2])
    }

    // Arrays, array slices and `Int` ranges are read by position on the trampoline instead of through their
    // iterator (`PositionalElements`); the tests below pin that they send exactly what the iterator would,
    // with the same order of events, disposal and scheduling as other sequences.

    @Test func contiguousAndIntegerRangeSequencesSendTheirElementsInOrder() {
        func elements<S: Sequence>(_ source: S) -> [Event<Int>] where S.Element == Int {
            var events: [Event<Int>] = []
            _ = Observable.from(source).subscribe { events.append($0) }
            return events
        }
        let array = [7, 3, 9, 1]
        #expect(elements(array[1...]) == [.next(3), .next(9), .next(1), .completed])  // a slice: indices from 1
        #expect(elements(ContiguousArray([4, 5])) == [.next(4), .next(5), .completed])
        #expect(elements(-2..<2) == [.next(-2), .next(-1), .next(0), .next(1), .completed])
        #expect(elements(5..<5) == [.completed])
        #expect(elements(-1...1) == [.next(-1), .next(0), .next(1), .completed])
        #expect(elements(Int.max...Int.max) == [.next(Int.max), .completed])
        #expect(elements((Int.max - 2)...Int.max) == [.next(Int.max - 2), .next(Int.max - 1), .next(Int.max), .completed])
    }

    @Test func aClosedRangeTooLongToCountIsStillIterated() {
        // `(Int.min...Int.max).count` would overflow; that range goes through its iterator instead.
        var received: [Int] = []
        let subscription = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.from(Int.min...Int.max).subscribe(onNext: { value in
                received.append(value)
                if received.count == 3 { subscription.dispose() }
            }))
            return Disposables.create()
        }
        #expect(received == [Int.min, Int.min + 1, Int.min + 2])
    }

    @Test func aRangeOnAnotherSchedulerStillSendsOneElementPerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.from(0..<3, scheduler: scheduler) }
        #expect(res.events == [.next(201, 0), .next(202, 1), .next(203, 2), .completed(204)])
    }

    @Test func eachSubscriptionToARangeStartsFromTheFirstElement() {
        let source = Observable.from(0..<3)
        var received: [Int] = []
        _ = source.subscribe(onNext: { received.append($0) })
        _ = source.subscribe(onNext: { received.append($0) })
        #expect(received == [0, 1, 2, 0, 1, 2])
    }

    @Test func anArrayCanBeDisposedFromInsideOnNext() {
        var received: [Int] = []
        var completed = false
        let subscription = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.from([10, 20, 30, 40]).subscribe(onNext: { value in
                received.append(value)
                if value == 20 { subscription.dispose() }
            }, onCompleted: { completed = true }))
            return Disposables.create()
        }
        #expect(received == [10, 20])
        #expect(!completed)
    }

    /// RxSwift's `ObservableSequenceSink.run` (RxSwift/Observables/Sequence.swift) sends each element from
    /// `scheduler.scheduleRecursive`, and its `CurrentThreadScheduler.schedule` (RxSwift/Schedulers/
    /// CurrentThreadScheduler.swift) runs an action at once only when no trampoline runs on the thread, and
    /// otherwise enqueues it on the thread's FIFO queue. So the step after element k is enqueued behind
    /// whatever the observer scheduled while handling k, and work that work schedules lands behind the next
    /// step: for elements 1, 2, 3 where 1 schedules A and A schedules B, RxSwift delivers 1, A, 2, B, 3,
    /// completed; and what the last element schedules runs before the completion.
    @Test func workScheduledFromOnNextRunsWhereRxSwiftsTrampolineRunsIt() {
        for source in [Observable.from([1, 2, 3]), Observable.from(1...3), Observable.of(1, 2, 3)] {
            var log: [String] = []
            func schedule(_ name: String, then next: (() -> Void)? = nil) {
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append(name)
                    next?()
                    return Disposables.create()
                }
            }
            _ = source.subscribe(onNext: { value in
                log.append("\(value)")
                if value == 1 { schedule("A") { schedule("B") } }
                if value == 3 { schedule("C") }
            }, onCompleted: { log.append("completed") })
            #expect(log == ["1", "A", "2", "B", "3", "C", "completed"])
        }
    }

    @Test func disposingFromQueuedWorkBetweenElementsStopsTheSequence() {
        // The work queued by element 1 runs before element 2 (see above), so disposing there sends no 2.
        var received: [Int] = []
        var completed = false
        let subscription = SingleAssignmentDisposable()
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            subscription.setDisposable(Observable.from(1..<100).subscribe(onNext: { value in
                received.append(value)
                if value == 1 {
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        subscription.dispose()
                        return Disposables.create()
                    }
                }
            }, onCompleted: { completed = true }))
            return Disposables.create()
        }
        #expect(received == [1])
        #expect(!completed)
    }

    @Test func twoRangesMergedAlternateAsOnRxSwiftsTrampoline() {
        var received: [Int] = []
        _ = Observable.merge(Observable.from(0..<3), Observable.from(10...11)).subscribe(onNext: { received.append($0) })
        #expect(received == [0, 10, 1, 11, 2])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            _ = scheduler.start { Observable.of(1, 2, 3) }
            _ = scheduler.start { Observable.from([1, 2], scheduler: scheduler) }
            _ = scheduler.start(disposed: 202) { Observable.from(1...10, scheduler: scheduler) }
        }
        #expect(delta == 0)
    }
}

/// A sequence counting how many iterators it made.
fileprivate struct FromSequenceIterationCounter: Sequence {
    final class Box { var value = 0 }
    let limit: Int
    let iterators = Box()

    func makeIterator() -> AnyIterator<Int> {
        iterators.value += 1
        var next = 0
        return AnyIterator {
            guard next < limit else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
