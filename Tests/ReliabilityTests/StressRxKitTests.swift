import Foundation
import RxKit
import RxKitTest
import Testing

/// Concurrency stress for RxKit: many threads sending, subscribing and disposing at once.
/// ReactiveX contract: "Observables must issue notifications to observers serially (not in parallel)"
/// (reactivex.io/documentation/contract.html); the observers here check it (and the grammar) on every call.
@Suite("Stress RxKit")
struct StressRxKitTests {
    @Test func subjectsDeliverEveryValueOnceFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let publish = PublishSubject<Int>()
            let behavior = BehaviorSubject<Int>(value: -1)
            let replay = ReplaySubject<Int>.create(bufferSize: 4)
            let publishRelay = PublishRelay<Int>()
            let behaviorRelay = BehaviorRelay<Int>(value: -1)
            let observers = (0..<5).map { _ in CheckedObserver<Int>() }
            let bag = DisposeBag()
            publish.subscribe(observers[0]).disposed(by: bag)
            behavior.filter { $0 >= 0 }.subscribe(observers[1]).disposed(by: bag)
            replay.subscribe(observers[2]).disposed(by: bag)
            publishRelay.subscribe(observers[3]).disposed(by: bag)
            behaviorRelay.filter { $0 >= 0 }.subscribe(observers[4]).disposed(by: bag)

            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread {
                    let value = stressValue(thread: thread, index: index)
                    publish.onNext(value)
                    behavior.onNext(value)
                    replay.onNext(value)
                    publishRelay.accept(value)
                    behaviorRelay.accept(value)
                }
            }
            publish.onCompleted()
            behavior.onCompleted()
            replay.onCompleted()
            for observer in observers {
                expectPerThreadOrder(observer.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
                #expect(observer.grammar.violations.isEmpty)
            }
            #expect(observers[0].terminal?.isCompleted == true)
        }
    }

    @Test func subscribeAndDisposeRaceWithSends() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let replayed = ReplaySubject<Int>.create(bufferSize: 2)
            let observers = Locked<[CheckedObserver<Int>]>([])
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread {
                        subject.onNext(stressValue(thread: thread, index: index))
                        replayed.onNext(stressValue(thread: thread, index: index))
                    }
                } else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let observer = CheckedObserver<Int>()
                        observers.mutate { $0.append(observer) }
                        let source: Observable<Int> = round.isMultiple(of: 2) ? subject.asObservable() : replayed.asObservable()
                        let subscription = source.map { $0 }.subscribe(observer)
                        subscription.dispose()
                        subscription.dispose()
                    }
                }
            }
            #expect(!subject.hasObservers, "a disposed subscription stayed subscribed")
            #expect(!replayed.hasObservers, "a disposed subscription stayed subscribed")
            for observer in observers.value {
                expectPerThreadOrder(observer.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
                #expect(observer.grammar.violations.isEmpty)
            }
        }
    }

    /// A terminal event from another thread while `subscribe` is still running races each sink's
    /// `attachUpstream` (and the closure subscription's `attach` as the sink's link) with `dispose`: the
    /// upstream must be disposed exactly once and `onDisposed` run exactly once, whichever side wins.
    @Test func terminalFromAnotherThreadRacesSubscribe() {
        for _ in 0..<Stress.rounds {
            let upstreamDisposals = Locked(0)
            let disposedCalls = Locked(0)
            let completions = Locked(0)
            let pending = Locked<[AnyObserver<Int>]>([])
            let source = Observable<Int>.create { observer in
                pending.mutate { $0.append(observer) }
                return Disposables.create { upstreamDisposals.mutate { $0 += 1 } }
            }
            let subscriptions = Stress.valuesPerThread / 5
            Stress.race(2) { thread in
                if thread == 0 {
                    for _ in 0..<subscriptions {
                        let subscription = source.map { $0 + 1 }.filter { _ in true }.subscribe(
                            onCompleted: { completions.mutate { $0 += 1 } },
                            onDisposed: { disposedCalls.mutate { $0 += 1 } }
                        )
                        _ = subscription  // disposed by the completion
                    }
                } else {
                    var completed = 0
                    while completed < subscriptions {
                        let observers = pending.mutate { list -> [AnyObserver<Int>] in
                            defer { list.removeAll() }
                            return list
                        }
                        for observer in observers { observer.onCompleted() }
                        completed += observers.count
                    }
                }
            }
            #expect(completions.value == subscriptions)
            #expect(disposedCalls.value == subscriptions, "onDisposed must run once per subscription")
            #expect(upstreamDisposals.value == subscriptions, "the upstream must be disposed once per subscription")
        }
    }

    /// Several threads dispose one closure subscription while its source completes: `onDisposed` once.
    @Test func closureSubscriptionDisposedFromManyThreads() {
        for _ in 0..<Stress.rounds * 10 {
            let subject = PublishSubject<Int>()
            let disposedCalls = Locked(0)
            let upstreamDisposals = Locked(0)
            let source = Observable<Int>.create { observer in
                let inner = subject.subscribe(observer)
                return Disposables.create {
                    upstreamDisposals.mutate { $0 += 1 }
                    inner.dispose()
                }
            }
            let subscription = UncheckedBox(source.subscribe(onDisposed: { disposedCalls.mutate { $0 += 1 } }))
            Stress.race { thread in
                if thread == 0 { subject.onCompleted() } else { subscription.value.dispose() }
            }
            #expect(disposedCalls.value == 1)
            #expect(upstreamDisposals.value == 1)
            #expect(!subject.hasObservers)
        }
    }

    /// The single-subscriber send path (a subject or a share with one observer) calls the observer without
    /// retaining it: a subscriber disposed on another thread while a send is inside it must stay alive
    /// until that send returns (ASan in CI reports a use after free otherwise), and then be released.
    @Test func soleSubscriberDisposedOnAnotherThreadDuringASend() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let shared = subject.asObservable().share(replay: 1, scope: .whileConnected)
            let made = Locked(0)
            let released = Locked(0)
            Stress.race(3) { thread in
                if thread == 0 {
                    for index in 0..<Stress.valuesPerThread * 4 { subject.onNext(index) }
                } else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let source = round.isMultiple(of: 2) ? subject.asObservable() : shared
                        made.mutate { $0 += 1 }
                        let watched = ReleaseWatch(released)  // captured only by the observer
                        let subscription = source.map { $0 + thread }.subscribe(onNext: { _ in watched.touch() })
                        subscription.dispose()
                    }
                }
            }
            #expect(!subject.hasObservers, "a disposed subscription stayed subscribed")
            #expect(released.value == made.value, "disposed subscribers were not released")
        }
    }

    /// A subject empties its hub in `deinit` only while a subscription still shares it
    /// (`SubjectHubBase.subjectDidEnd(hub:)`); a hub nothing else holds goes with the subject. Here one thread
    /// drops the last reference to the subject while another disposes its only subscription, so either may
    /// come first: each way the observer is released exactly once, and the hub's state, last written under
    /// its lock by the disposing thread, reaches the thread that frees it (TSan in CI watches the handover).
    @Test func subjectReleasedOnOneThreadWhileItsSubscriptionIsDisposedOnAnother() {
        for round in 0..<Stress.rounds * 10 {
            let released = Locked(0)
            let subjectSlot = Locked<AnyObject?>(nil)
            let subscriptionSlot = Locked<Disposable?>(nil)
            do {
                let source: Observable<Int>
                let subject: AnyObject
                switch round % 4 {
                case 0: let made = PublishSubject<Int>(); (source, subject) = (made.asObservable(), made)
                case 1: let made = PublishRelay<Int>(); (source, subject) = (made.asObservable(), made)
                case 2: let made = BehaviorSubject(value: 0); (source, subject) = (made.asObservable(), made)
                default: let made = ReplaySubject<Int>.create(bufferSize: 1); (source, subject) = (made.asObservable(), made)
                }
                let watched = ReleaseWatch(released)  // captured only by the observer
                let subscription = source.subscribe(onNext: { _ in watched.touch() })
                subscriptionSlot.mutate { $0 = subscription }
                subjectSlot.mutate { $0 = subject }
            }
            Stress.race(2) { thread in
                if thread == 0 {
                    let last = subjectSlot.mutate { $0.take() }  // released here, on this thread
                    withExtendedLifetime(last) {}
                } else {
                    subscriptionSlot.mutate { $0.take() }?.dispose()
                }
            }
            #expect(released.value == 1, "the observer was not released (or released twice) in round \(round)")
        }
    }

    /// `share(replay: 1)`: subscribers joining while the source sends from another thread get the
    /// replayed element and the live ones one at a time, in the source's order, never twice.
    @Test func shareReplayOneSubscribersJoinWhileTheSourceSends() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            let keeper = shared.subscribe { _ in }
            let observers = Locked<[CheckedObserver<Int>]>([])
            let subscriptions = Locked<[UncheckedBox<Disposable>]>([])
            Stress.race { thread in
                if thread == 0 {
                    for value in 0..<Stress.valuesPerThread * 2 { subject.onNext(value) }
                } else {
                    for index in 0..<Stress.valuesPerThread / 10 {
                        let observer = CheckedObserver<Int>()
                        observers.mutate { $0.append(observer) }
                        let subscription = shared.subscribe(observer)
                        if index.isMultiple(of: 2) {
                            subscription.dispose()  // leaves at once, possibly mid-delivery
                        } else {
                            subscriptions.mutate { $0.append(UncheckedBox(subscription)) }
                        }
                    }
                }
            }
            keeper.dispose()
            #expect(subject.hasObservers, "subscribers remain, so the connection must stay")
            for subscription in subscriptions.value { subscription.value.dispose() }
            for observer in observers.value {
                #expect(observer.grammar.violations.isEmpty)
                let values = observer.values
                #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 }, "out of order or repeated: \(values)")
            }
            #expect(!subject.hasObservers)
        }
    }

    @Test func mergeFromManyThreadsLosesNothing() {
        for _ in 0..<Stress.rounds {
            let sources = (0..<Stress.threads).map { _ in PublishSubject<Int>() }
            let observer = CheckedObserver<Int>()
            let subscription = Observable.merge(sources.map { $0.asObservable() }).subscribe(observer)
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread { sources[thread].onNext(stressValue(thread: thread, index: index)) }
                sources[thread].onCompleted()
            }
            expectPerThreadOrder(observer.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func flatMapOfInnersFedFromManyThreadsLosesNothing() {
        for _ in 0..<Stress.rounds {
            let inners = (0..<Stress.threads).map { _ in PublishSubject<Int>() }
            let observer = CheckedObserver<Int>()
            let subscription = Observable.from(Array(0..<Stress.threads)).flatMap { inners[$0] }.subscribe(observer)
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread { inners[thread].onNext(stressValue(thread: thread, index: index)) }
                inners[thread].onCompleted()
            }
            expectPerThreadOrder(observer.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func zipPairsEveryValueFromTwoThreads() {
        for _ in 0..<Stress.rounds {
            let left = PublishSubject<Int>()
            let right = PublishSubject<Int>()
            let observer = CheckedObserver<Int>()
            let subscription = Observable.zip(left, right) { $0 * 10_000 + $1 }.subscribe(observer)
            Stress.race(2) { thread in
                let subject = thread == 0 ? left : right
                for index in 0..<Stress.valuesPerThread { subject.onNext(index) }
                subject.onCompleted()
            }
            #expect(observer.values == (0..<Stress.valuesPerThread).map { $0 * 10_000 + $0 })
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func combineLatestAndWithLatestFromFromTwoThreads() {
        for _ in 0..<Stress.rounds {
            let left = PublishSubject<Int>()
            let right = PublishSubject<Int>()
            let latest = CheckedObserver<[Int]>()
            let sampled = CheckedObserver<[Int]>()
            let bag = DisposeBag()
            Observable.combineLatest(left, right) { [$0, $1] }.subscribe(latest).disposed(by: bag)
            left.withLatestFrom(right) { [$0, $1] }.subscribe(sampled).disposed(by: bag)
            Stress.race(2) { thread in
                let subject = thread == 0 ? left : right
                for index in 0..<Stress.valuesPerThread { subject.onNext(index) }
                subject.onCompleted()
            }
            let last = Stress.valuesPerThread - 1
            // Each component only moves forward, and the last combination has both last values.
            for (name, observer) in [("combineLatest", latest), ("withLatestFrom", sampled)] {
                #expect(observer.grammar.violations.isEmpty, "\(name)")
                let values = observer.values
                #expect(isNonDecreasing(values.map { $0[0] }) && isNonDecreasing(values.map { $0[1] }),
                        "\(name) delivered combinations out of order: \(firstOutOfOrder(values))")
            }
            #expect(latest.values.last == [last, last])
            #expect(latest.values.count >= Stress.valuesPerThread && latest.values.count < 2 * Stress.valuesPerThread)
            #expect(latest.terminal?.isCompleted == true)
        }
    }

    @Test func switchLatestFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let outer = PublishSubject<PublishSubject<Int>>()
            let inners = (0..<Stress.threads).map { _ in PublishSubject<Int>() }
            let observer = CheckedObserver<Int>()
            let subscription = outer.flatMapLatest { $0 }.subscribe(observer)
            Stress.race(Stress.threads + 1) { thread in
                if thread == Stress.threads {
                    for round in 0..<Stress.valuesPerThread { outer.onNext(inners[round % Stress.threads]) }
                    outer.onNext(inners[0])
                } else {
                    for index in 0..<Stress.valuesPerThread { inners[thread].onNext(stressValue(thread: thread, index: index)) }
                }
            }
            inners[0].onNext(stressValue(thread: 0, index: Stress.valuesPerThread))
            outer.onCompleted()
            inners[0].onCompleted()
            expectPerThreadOrder(observer.values, threads: Stress.threads, perThread: Stress.valuesPerThread + 1, complete: false)
            #expect(observer.values.last == stressValue(thread: 0, index: Stress.valuesPerThread), "the latest inner's value was lost")
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func shareReplayConnectDisconnectRaces() {
        for _ in 0..<Stress.rounds {
            let source = PublishSubject<Int>()
            let subscriptions = Locked(0)
            let disposals = Locked(0)
            let shared = source
                .do(onSubscribe: { subscriptions.mutate { $0 += 1 } }, onDispose: { disposals.mutate { $0 += 1 } })
                .share(replay: 1)
            let published = source.publish().refCount()
            // `.forever` is `multicast(subject).refCount()` over one subject kept across connections.
            let sharedForever = source.share(replay: 1, scope: .forever)
            let observers = Locked<[CheckedObserver<Int>]>([])
            Stress.race { thread in
                if thread == 0 {
                    for index in 0..<Stress.valuesPerThread { source.onNext(stressValue(thread: 0, index: index)) }
                } else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let observer = CheckedObserver<Int>()
                        observers.mutate { $0.append(observer) }
                        let subscription = [shared, published, sharedForever][round % 3].subscribe(observer)
                        subscription.dispose()
                    }
                }
            }
            #expect(!source.hasObservers, "share/refCount stayed connected after every subscriber left")
            #expect(subscriptions.value == disposals.value, "connections and disconnections differ")
            for observer in observers.value {
                expectPerThreadOrder(observer.values, threads: 1, perThread: Stress.valuesPerThread, complete: false)
                #expect(observer.grammar.violations.isEmpty)
            }
        }
    }

    @Test func disposeBagReleasedWhileEventsFlow() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let relay = BehaviorRelay(value: 0)
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread {
                        subject.onNext(index)
                        relay.accept(index)
                    }
                } else {
                    for _ in 0..<Stress.valuesPerThread / 5 {
                        var bag: DisposeBag? = DisposeBag()
                        subject.map { $0 + 1 }.subscribe(onNext: { _ in }).disposed(by: bag!)
                        Observable.merge(subject.asObservable(), relay.asObservable()).subscribe().disposed(by: bag!)
                        bag = nil
                    }
                }
            }
            #expect(!subject.hasObservers, "releasing the DisposeBag left a subscription behind")
        }
    }

    /// RxSwift's subscribe(on:) subscribes on the scheduler unless disposed first, and disposes what it
    /// subscribed on the scheduler (ScheduledDisposable). Here threads dispose while the queue makes the
    /// scheduled subscriptions: whichever comes first, every subscription made is disposed exactly once, on
    /// the queue, and every subscriber is released.
    @Test func subscribeOnASerialQueueDisposedWhileTheScheduledSubscriptionRuns() {
        let queue = DispatchQueue(label: "stress-subscribe-on")
        let key = DispatchSpecificKey<Int>()
        queue.setSpecific(key: key, value: 1)
        let scheduler = SerialDispatchQueueScheduler(queue: queue, internalSerialQueueName: "stress-subscribe-on.inner")
        for _ in 0..<Stress.rounds {
            let subscribed = Locked(0)
            let disposedOnQueue = Locked(0)
            let disposedElsewhere = Locked(0)
            let made = Locked(0)
            let released = Locked(0)
            let source = Observable<Int>.create { observer in
                subscribed.mutate { $0 += 1 }
                observer.onNext(1)
                return Disposables.create {
                    (DispatchQueue.getSpecific(key: key) == 1 ? disposedOnQueue : disposedElsewhere).mutate { $0 += 1 }
                }
            }
            Stress.race { thread in
                for round in 0..<Stress.valuesPerThread / 5 {
                    made.mutate { $0 += 1 }
                    let watched = ReleaseWatch(released)  // captured only by the observer
                    let chain = round.isMultiple(of: 3) ? Observable.just(thread).map { $0 + 1 } : source
                    chain.subscribe(on: scheduler).subscribe(onNext: { _ in watched.touch() }).dispose()
                }
            }
            // The subscriptions scheduled before, then the disposals they (or the disposing threads) scheduled.
            for _ in 0..<2 {
                let flushed = DispatchSemaphore(value: 0)
                queue.async { flushed.signal() }
                #expect(flushed.wait(timeout: .now() + Stress.deadlockTimeout) == .success)
            }
            #expect(disposedOnQueue.value == subscribed.value, "a subscription made was not disposed on the queue")
            #expect(disposedElsewhere.value == 0)
            #expect(released.value == made.value, "disposed subscribers were not released")
        }
    }
}

func isNonDecreasing(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
}

/// The first adjacent pair of combinations where a component goes backwards (for failure messages).
func firstOutOfOrder(_ values: [[Int]]) -> String {
    for (index, (previous, next)) in zip(values, values.dropFirst()).enumerated() where previous[0] > next[0] || previous[1] > next[1] {
        return "\(previous) then \(next) at \(index + 1) of \(values.count)"
    }
    return "none"
}

/// Hands a value to the racing threads of a stress test; the test is what checks the value is thread-safe.
struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Counts its own release: for checking that disposed observers (which capture one) are freed.
final class ReleaseWatch: @unchecked Sendable {
    private let released: Locked<Int>
    private let touches = Locked(0)
    init(_ released: Locked<Int>) { self.released = released }
    func touch() { touches.mutate { $0 += 1 } }
    deinit { released.mutate { $0 += 1 } }
}
