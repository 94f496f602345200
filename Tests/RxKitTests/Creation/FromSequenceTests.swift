import RxKit
import RxKitTest
import Testing

/// `of(_:scheduler:)`, `from(_:scheduler:)` for arrays and for sequences.
@Suite struct FromSequenceTests {
    @Test func ofOnTheDefaultSchedulerSendsEverythingAtSubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(3, 1, 2) }
        #expect(res.events == [.next(200, 3), .next(200, 1), .next(200, 2), .completed(200)])
    }

    // RxSwift's ObservableSequence sends one element per recursive action, then completion in the next.
    @Test func ofOnASchedulerSendsOneElementPerAction() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable.of(3, 1, 2, scheduler: scheduler) }
        #expect(res.events == [.next(201, 3), .next(202, 1), .next(203, 2), .completed(204)])
    }

    @Test func ofWithNoElementsCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start { Observable<Int>.of(scheduler: scheduler) }
        #expect(res.events == [.completed(201)])
    }

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
