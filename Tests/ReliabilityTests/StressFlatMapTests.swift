import Foundation
import RxKit
import RxKitTest
import Testing

/// Concurrency stress for the flattening sinks' direct paths: outer elements and inner events from many
/// threads at once, mixing inners that emit while being subscribed (handled inline by the subscribing
/// thread) with inners fed from other threads (handled through the drain). Every observer checks the
/// grammar, including that no call overlaps another on a different thread.
@Suite("Stress RxKit flatMap")
struct StressFlatMapTests {
    @Test func flatMapStressSynchronousInnersFromManyOuterThreads() {
        for _ in 0..<Stress.rounds {
            let outer = PublishSubject<Int>()
            let observer = CheckedObserver<Int>()
            let subscription = outer
                .flatMap { value -> Observable<Int> in
                    // Even: `just`; odd: a `create` sending twice then completing, both while subscribed.
                    if value % 2 == 0 { return Observable.just(value) }
                    return Observable.create { inner in
                        inner.onNext(value)
                        inner.onNext(-value)
                        inner.onCompleted()
                        return Disposables.create()
                    }
                }
                .subscribe(observer)
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread {
                    outer.onNext(stressValue(thread: thread, index: index))
                }
            }
            outer.onCompleted()
            let values = observer.values
            expectPerThreadOrder(values.filter { $0 >= 0 }, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            // Each odd value is followed, within its own inner, by its negation: the count shows none was lost.
            #expect(values.filter { $0 < 0 }.count == Stress.threads * Stress.valuesPerThread / 2)
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func flatMapStressInnersFedFromOtherThreadsWhileNewInnersAreSubscribed() {
        for _ in 0..<Stress.rounds {
            let outer = PublishSubject<Int>()
            let fed = (0..<Stress.threads).map { _ in PublishSubject<Int>() }
            let observer = CheckedObserver<Int>()
            // Outer values < 0 select a fed subject; others a synchronous `just`.
            let subscription = outer
                .flatMap { value -> Observable<Int> in value < 0 ? fed[-value - 1].asObservable() : Observable.just(value) }
                .subscribe(observer)
            for index in 0..<Stress.threads { outer.onNext(-index - 1) }
            Stress.race(2 * Stress.threads) { thread in
                if thread < Stress.threads {
                    for index in 0..<Stress.valuesPerThread { fed[thread].onNext(stressValue(thread: thread, index: index)) }
                    fed[thread].onCompleted()
                } else {
                    let sender = thread
                    for index in 0..<Stress.valuesPerThread { outer.onNext(stressValue(thread: sender, index: index)) }
                }
            }
            outer.onCompleted()
            expectPerThreadOrder(observer.values, threads: 2 * Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    @Test func flatMapLatestStressSynchronousAndFedInnersFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let outer = PublishSubject<Int>()
            let fed = PublishSubject<Int>()
            let observer = CheckedObserver<Int>()
            let subscription = outer
                .flatMapLatest { value -> Observable<Int> in value < 0 ? fed.asObservable() : Observable.just(value) }
                .subscribe(observer)
            Stress.race(Stress.threads + 1) { thread in
                if thread == Stress.threads {
                    for index in 0..<Stress.valuesPerThread { fed.onNext(stressValue(thread: thread, index: index)) }
                } else {
                    for index in 0..<Stress.valuesPerThread {
                        outer.onNext(index % 5 == 0 ? -1 : stressValue(thread: thread, index: index))
                    }
                }
            }
            outer.onNext(-1)
            fed.onNext(7)
            outer.onCompleted()
            #expect(observer.terminal == nil, "the fed inner is still the latest")
            fed.onCompleted()
            expectPerThreadOrder(Array(observer.values.dropLast()), threads: Stress.threads + 1, perThread: Stress.valuesPerThread, complete: false)
            #expect(observer.values.last == 7)
            #expect(observer.terminal?.isCompleted == true)
            #expect(observer.grammar.violations.isEmpty)
            subscription.dispose()
        }
    }

    /// Disposing while other threads send: nothing is delivered after `dispose` returns, and every resource
    /// made on the test's own thread is released.
    @Test func flatMapStressDisposeWhileSending() {
        for _ in 0..<Stress.rounds {
            let outer = PublishSubject<Int>()
            let fed = PublishSubject<Int>()
            let observer = CheckedObserver<Int>()
            let live = Resources.measure {
                // Handed over in a box the disposing thread empties: a racing thread's closure may outlive
                // `race` for a moment, and must not be what keeps the subscriptions alive.
                let subscriptions = DisposableBox([
                    outer.flatMap { $0 % 3 == 0 ? fed.asObservable().take(1) : Observable.just($0) }.subscribe(observer),
                    outer.flatMapLatest { $0 % 3 == 0 ? fed.asObservable() : Observable.just($0) }.subscribe(onNext: { _ in }),
                ])
                Stress.race(Stress.threads + 1) { thread in
                    if thread == Stress.threads {
                        subscriptions.disposeAll()
                    } else {
                        for index in 0..<Stress.valuesPerThread {
                            outer.onNext(stressValue(thread: thread, index: index))
                            fed.onNext(index)
                        }
                    }
                }
                let countAfterDispose = observer.values.count
                outer.onNext(1)
                fed.onNext(1)
                #expect(observer.values.count == countAfterDispose)
                #expect(!outer.hasObservers)
                #expect(!fed.hasObservers)
            }
            #expect(live == 0)
            #expect(observer.grammar.violations.isEmpty)
        }
    }
}

/// Disposables handed to another thread, taken out (and so released) by whoever disposes them.
private final class DisposableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Disposable]

    init(_ items: [Disposable]) {
        self.items = items
    }

    func disposeAll() {
        let taken = lock.withLock {
            let taken = items
            items = []
            return taken
        }
        for item in taken { item.dispose() }
    }
}
