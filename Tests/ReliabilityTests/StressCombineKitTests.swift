import CombineKit
import CombineKitExt
import CombineKitTest
import Foundation
import Testing

/// Concurrency stress for CombineKit and CombineKitExt. Combine's `Subscriber` contract: calls to one
/// subscriber are serialised and never exceed its demand (developer.apple.com/documentation/combine/
/// processing-published-elements-with-subscribers). `TestSubscriber` checks both on every call.
@Suite("Stress CombineKit")
struct StressCombineKitTests {
    @Test func subjectsAndRelaysDeliverEveryValueOnceFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let passthrough = PassthroughSubject<Int, Never>()
            let current = CurrentValueSubject<Int, Never>(-1)
            let relay = PassthroughRelay<Int>()
            let currentRelay = CurrentValueRelay<Int>(-1)
            let subscribers = (0..<4).map { _ in TestSubscriber<Int, Never>() }
            passthrough.subscribe(subscribers[0])
            current.filter { $0 >= 0 }.subscribe(subscribers[1])
            relay.subscribe(subscribers[2])
            currentRelay.filter { $0 >= 0 }.subscribe(subscribers[3])
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread {
                    let value = stressValue(thread: thread, index: index)
                    passthrough.send(value)
                    current.send(value)
                    relay.accept(value)
                    currentRelay.accept(value)
                }
            }
            passthrough.send(completion: .finished)
            current.send(completion: .finished)
            for subscriber in subscribers {
                expectPerThreadOrder(subscriber.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
                #expect(subscriber.grammarViolations.isEmpty)
            }
            #expect(subscribers[0].completion == .finished)
        }
    }

    @Test func limitedDemandIsNeverExceededWhileRequestsRaceSends() {
        for _ in 0..<Stress.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
            subject.subscribe(subscriber)
            let requests = Stress.valuesPerThread
            Stress.race(3) { thread in
                if thread == 2 {
                    for _ in 0..<requests { subscriber.request(.max(1)) }
                } else {
                    for index in 0..<Stress.valuesPerThread { subject.send(stressValue(thread: thread, index: index)) }
                }
            }
            // The subject drops values sent without demand (as Combine's does), so the count is bounded, not exact.
            #expect(subscriber.values.count <= requests + 1)
            #expect(subscriber.demandViolations == 0)
            expectPerThreadOrder(subscriber.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func subscribeAndCancelRaceWithSends() {
        for _ in 0..<Stress.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let current = CurrentValueSubject<Int, Never>(0)
            let subscribers = Locked<[TestSubscriber<Int, Never>]>([])
            let cancels = Locked(0)
            let subscriptions = Locked(0)
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread {
                        subject.send(stressValue(thread: thread, index: index))
                        current.send(stressValue(thread: thread, index: index))
                    }
                } else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let subscriber = TestSubscriber<Int, Never>()
                        subscribers.mutate { $0.append(subscriber) }
                        let source = round.isMultiple(of: 2) ? subject.eraseToAnyPublisher() : current.dropFirst().eraseToAnyPublisher()
                        source
                            .handleEvents(receiveSubscription: { _ in subscriptions.mutate { $0 += 1 } }, receiveCancel: { cancels.mutate { $0 += 1 } })
                            .map { $0 }
                            .subscribe(subscriber)
                        subscriber.cancel()
                        subscriber.cancel()
                    }
                }
            }
            #expect(cancels.value == subscriptions.value, "a cancel was lost")
            for subscriber in subscribers.value {
                expectPerThreadOrder(subscriber.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    @Test func mergeAndFlatMapFromManyThreadsLoseNothing() {
        for _ in 0..<Stress.rounds {
            let sources = (0..<Stress.threads).map { _ in PassthroughSubject<Int, Never>() }
            let merged = TestSubscriber<Int, Never>()
            let flattened = TestSubscriber<Int, Never>()
            let limited = TestSubscriber<Int, Never>(initialDemand: .max(Stress.threads * Stress.valuesPerThread))
            Publishers.MergeMany(sources).subscribe(merged)
            Publishers.Sequence<[Int], Never>(sequence: Array(0..<Stress.threads)).flatMap { sources[$0] }.subscribe(flattened)
            sources[0].merge(with: sources[1], sources[2], sources[3]).subscribe(limited)
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread { sources[thread].send(stressValue(thread: thread, index: index)) }
                sources[thread].send(completion: .finished)
            }
            for subscriber in [merged, flattened, limited] {
                expectPerThreadOrder(subscriber.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
                #expect(subscriber.completion == .finished)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    @Test func zipCombineLatestWithLatestFromFromTwoThreads() {
        for _ in 0..<Stress.rounds {
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let zipped = TestSubscriber<[Int], Never>()
            let latest = TestSubscriber<[Int], Never>()
            let sampled = TestSubscriber<[Int], Never>()
            left.zip(right) { [$0, $1] }.subscribe(zipped)
            left.combineLatest(right) { [$0, $1] }.subscribe(latest)
            left.withLatestFrom(right) { [$0, $1] }.subscribe(sampled)
            Stress.race(2) { thread in
                let subject = thread == 0 ? left : right
                for index in 0..<Stress.valuesPerThread { subject.send(index) }
                subject.send(completion: .finished)
            }
            let last = Stress.valuesPerThread - 1
            #expect(zipped.values == (0..<Stress.valuesPerThread).map { [$0, $0] })
            #expect(zipped.completion == .finished)
            #expect(latest.values.last == [last, last])
            #expect(latest.completion == .finished)
            for (name, subscriber) in [("zip", zipped), ("combineLatest", latest), ("withLatestFrom", sampled)] {
                #expect(subscriber.grammarViolations.isEmpty, "\(name)")
                let values = subscriber.values
                #expect(isNonDecreasing(values.map { $0[0] }) && isNonDecreasing(values.map { $0[1] }),
                        "\(name) delivered combinations out of order: \(firstOutOfOrder(values))")
            }
        }
    }

    /// Regression for the reordering bug (fixed in CombiningCoordinator): a combination computed later
    /// must never be delivered before an earlier one. The race window is small, so this runs 10× the rounds.
    @Test func combineLatestNeverDeliversAnOlderCombinationAfterANewerOne() {
        for _ in 0..<(Stress.rounds * 10) {
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let latest = TestSubscriber<[Int], Never>()
            left.combineLatest(right) { [$0, $1] }.subscribe(latest)
            Stress.race(2) { thread in
                let subject = thread == 0 ? left : right
                for index in 0..<Stress.valuesPerThread { subject.send(index) }
            }
            let values = latest.values
            let ordered = isNonDecreasing(values.map { $0[0] }) && isNonDecreasing(values.map { $0[1] })
            #expect(ordered, "combineLatest delivered combinations out of order: \(firstOutOfOrder(values))")
            #expect(values.last == [Stress.valuesPerThread - 1, Stress.valuesPerThread - 1])
            if !ordered { break }
        }
    }

    @Test func switchToLatestAndFlatMapLatestFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let inners = (0..<Stress.threads).map { _ in PassthroughSubject<Int, Never>() }
            let switched = TestSubscriber<Int, Never>()
            let latest = TestSubscriber<Int, Never>()
            outer.switchToLatest().subscribe(switched)
            outer.flatMapLatest { $0 }.subscribe(latest)
            Stress.race(Stress.threads + 1) { thread in
                if thread == Stress.threads {
                    for round in 0..<Stress.valuesPerThread { outer.send(inners[round % Stress.threads]) }
                    outer.send(inners[0])
                } else {
                    for index in 0..<Stress.valuesPerThread { inners[thread].send(stressValue(thread: thread, index: index)) }
                }
            }
            let final = stressValue(thread: 0, index: Stress.valuesPerThread)
            inners[0].send(final)
            outer.send(completion: .finished)
            inners[0].send(completion: .finished)
            for subscriber in [switched, latest] {
                expectPerThreadOrder(subscriber.values, threads: Stress.threads, perThread: Stress.valuesPerThread + 1, complete: false)
                #expect(subscriber.values.last == final, "the latest inner's value was lost")
                #expect(subscriber.completion == .finished)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    @Test func shareReplayConnectDisconnectRaces() {
        for _ in 0..<Stress.rounds {
            let source = PassthroughSubject<Int, Never>()
            let subscriptions = Locked(0)
            let cancels = Locked(0)
            let counted = source.handleEvents(receiveSubscription: { _ in subscriptions.mutate { $0 += 1 } },
                                              receiveCancel: { cancels.mutate { $0 += 1 } })
            let replayed = counted.share(replay: 1)
            // `.forever` keeps one subject across connections, so a second connection made while the
            // first is still subscribed upstream would hand its subscribers a value twice.
            let replayedForever = counted.share(replay: 1, scope: .forever)
            let shared = Unchecked(counted.share())
            let subscribers = Locked<[TestSubscriber<Int, Never>]>([])
            Stress.race { thread in
                if thread == 0 {
                    for index in 0..<Stress.valuesPerThread { source.send(stressValue(thread: 0, index: index)) }
                } else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let subscriber = TestSubscriber<Int, Never>()
                        subscribers.mutate { $0.append(subscriber) }
                        switch round % 3 {
                        case 0: replayed.subscribe(subscriber)
                        case 1: shared.value.subscribe(subscriber)
                        default: replayedForever.subscribe(subscriber)
                        }
                        subscriber.cancel()
                    }
                }
            }
            #expect(subscriptions.value == cancels.value, "share stayed connected after every subscriber left")
            for subscriber in subscribers.value {
                expectPerThreadOrder(subscriber.values, threads: 1, perThread: Stress.valuesPerThread, complete: false)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    @Test func anyCancellablesReleasedWhileEventsFlow() {
        for _ in 0..<Stress.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let current = CurrentValueSubject<Int, Never>(0)
            let subscriptions = Locked(0)
            let cancels = Locked(0)
            let counted = Unchecked(subject.handleEvents(receiveSubscription: { _ in subscriptions.mutate { $0 += 1 } },
                                                         receiveCancel: { cancels.mutate { $0 += 1 } }))
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread {
                        subject.send(index)
                        current.send(index)
                    }
                } else {
                    for _ in 0..<Stress.valuesPerThread / 5 {
                        var bag = Set<AnyCancellable>()
                        counted.value.map { $0 + 1 }.sink { _ in }.store(in: &bag)
                        counted.value.combineLatest(current).sink { _ in }.store(in: &bag)
                        bag.removeAll()
                    }
                }
            }
            #expect(subscriptions.value == cancels.value, "releasing an AnyCancellable did not cancel")
        }
    }
}
