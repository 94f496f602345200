import CombineKit
import CombineKitTest
import Foundation
import GrammarChecking
import RxCombineBridge
import RxKit
import Testing

/// Concurrency stress across the bridge: Rx sources sent from many threads read through `asPublisher()`
/// with demand requested from yet another thread, Combine sources read through `asObservable()`, and
/// bridged subjects sent into from many threads.
@Suite("Stress Bridge")
struct StressBridgeTests {
    // The Combine → Rx subscriber hands the upstream subscription over through one atomic word: a dispose
    // racing the subscription's arrival and the completion cancels it at most once and never after the
    // completion, and the bridge keeps nothing of the upstream afterwards.
    @Test func asObservableDisposeRacesTheSubscriptionAndTheCompletion() {
        for _ in 0..<Stress.rounds * 10 {
            let cancels = Locked(0)
            let completions = Locked(0)
            let publisher = OneShotPublisher(onCancel: { cancels.mutate { $0 += 1 } })
            let subscription = UncheckedBox(publisher.asObservable().subscribe(onCompleted: { completions.mutate { $0 += 1 } }))
            weak let weakUpstream = publisher.upstream
            Stress.race(2) { thread in
                if thread == 0 {
                    publisher.start()
                } else {
                    subscription.value.dispose()
                }
            }
            // Whichever reaches the bridge first wins: a completion leaves nothing to cancel, a cancel stops
            // the completion. (Both may come out 0: the dispose reached the Rx side before the completion
            // and the bridge after it.)
            #expect(cancels.value + completions.value <= 1, "cancelled and completed, or one of them twice")
            publisher.dropUpstream()
            #expect(weakUpstream == nil, "the bridge kept the upstream subscription")
        }
    }

    @Test func asPublisherDeliversEveryValueWithinDemandWhileRequestsRace() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let total = Stress.threads * Stress.valuesPerThread
            let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
            subject.asPublisher().subscribe(subscriber)
            Stress.race(Stress.threads + 1) { thread in
                if thread == Stress.threads {
                    for _ in 0..<total { subscriber.request(.max(1)) }
                } else {
                    for index in 0..<Stress.valuesPerThread { subject.onNext(stressValue(thread: thread, index: index)) }
                }
            }
            subject.onCompleted()
            // Unbounded buffering: nothing dropped; total + 1 was demanded, so every value and the completion arrive.
            expectPerThreadOrder(subscriber.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            #expect(subscriber.completion != nil)
            #expect(subscriber.demandViolations == 0)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func asPublisherCancelRacesWithSends() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let subscribers = Locked<[TestSubscriber<Int, Error>]>([])
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread { subject.onNext(stressValue(thread: thread, index: index)) }
                } else {
                    for _ in 0..<Stress.valuesPerThread / 5 {
                        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(3), demandPerValue: .max(1))
                        subscribers.mutate { $0.append(subscriber) }
                        subject.asPublisher().map { $0 }.subscribe(subscriber)
                        subscriber.cancel()
                    }
                }
            }
            #expect(!subject.hasObservers, "cancelling the bridged subscription left the Rx subscription alive")
            for subscriber in subscribers.value {
                expectPerThreadOrder(subscriber.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
                #expect(subscriber.grammarViolations.isEmpty)
            }
        }
    }

    // Unlimited demand takes the seam's lock-free path while other threads subscribe and cancel: every
    // subscriber keeps the grammar and per-thread order, a cancelled one never completes, and every Rx
    // subscription is gone at the end.
    @Test func asPublisherUnlimitedDemandWhileOtherThreadsCancelAndResubscribe() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let subscribers = Locked<[TestSubscriber<Int, Error>]>([])
            let steady = TestSubscriber<Int, Error>(initialDemand: .unlimited)
            subject.asPublisher().subscribe(steady)
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread { subject.onNext(stressValue(thread: thread, index: index)) }
                } else {
                    for _ in 0..<Stress.valuesPerThread / 5 {
                        let subscriber = TestSubscriber<Int, Error>(initialDemand: .unlimited)
                        subscribers.mutate { $0.append(subscriber) }
                        subject.asPublisher().subscribe(subscriber)
                        subscriber.cancel()
                    }
                }
            }
            subject.onCompleted()
            expectPerThreadOrder(steady.values, threads: 2, perThread: Stress.valuesPerThread, complete: true)
            #expect(steady.completion != nil)
            #expect(steady.grammarViolations.isEmpty)
            for subscriber in subscribers.value {
                expectPerThreadOrder(subscriber.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
                #expect(subscriber.grammarViolations.isEmpty)
                #expect(subscriber.completion == nil, "a cancelled subscriber received a completion")
            }
            #expect(!subject.hasObservers)
        }
    }

    // Subscribers that stay: elements sent by other threads while one is inside `receive(subscription:)`
    // are held and must come out when that call returns (the seam's delivery ends with one
    // compare-exchange when nothing is held, and takes the lock to drain when something is): each keeps
    // per-thread order and the grammar, and gets the completion.
    @Test func asPublisherSubscribersJoiningWhileOtherThreadsSendGetEverythingAfterJoiningInOrder() {
        for _ in 0..<Stress.rounds {
            let subject = PublishSubject<Int>()
            let subscribers = Locked<[TestSubscriber<Int, Error>]>([])
            Stress.race { thread in
                if thread < 2 {
                    for index in 0..<Stress.valuesPerThread { subject.onNext(stressValue(thread: thread, index: index)) }
                } else {
                    for round in 0..<Stress.valuesPerThread / 50 {
                        let demand: Subscribers.Demand = round.isMultiple(of: 2) ? .unlimited : .max(1)
                        let subscriber = TestSubscriber<Int, Error>(initialDemand: demand, demandPerValue: .max(1))
                        subscribers.mutate { $0.append(subscriber) }
                        subject.asPublisher().subscribe(subscriber)
                    }
                }
            }
            subject.onCompleted()
            for subscriber in subscribers.value {
                expectPerThreadOrder(subscriber.values, threads: 2, perThread: Stress.valuesPerThread, complete: false)
                // The bridge holds what exceeds demand (unbounded by default): once a subscriber has a
                // thread's first value, it has every later one of that thread, up to the last.
                for thread in 0..<2 {
                    let indices = subscriber.values.filter { $0 / 1_000_000 == thread }.map { $0 % 1_000_000 }
                    if let first = indices.first {
                        #expect(indices == Array(first..<Stress.valuesPerThread), "values lost after joining")
                    }
                }
                #expect(subscriber.completion != nil, "a subscriber that stayed did not get the completion")
                #expect(subscriber.grammarViolations.isEmpty)
                #expect(subscriber.demandViolations == 0)
            }
            #expect(!subject.hasObservers)
        }
    }

    // RxKit's own observers of a bridged PassthroughSubject are entries of the subject's list: with threads
    // sending and others subscribing and disposing meanwhile, each observer is called one event at a time,
    // gets every sender's values in order (all of them if it stayed throughout), and the completion once.
    @Test func passthroughSubjectRxObserversWhileOthersSubscribeAndDispose() {
        for _ in 0..<Stress.rounds {
            let subject = PassthroughSubject<Int, Never>()
            let observable = Unchecked(subject.asObservable())
            let staying = [NodeRecorder(), NodeRecorder()]
            let bag = DisposeBag()
            staying[0].subscribe(to: observable.value).disposed(by: bag)
            staying[1].subscribe(to: observable.value.map { $0 }).disposed(by: bag)
            let churned = Locked<[NodeRecorder]>([])
            Stress.race(Stress.threads + 1) { thread in
                guard thread < Stress.threads else {
                    for round in 0..<Stress.valuesPerThread / 5 {
                        let recorder = NodeRecorder()
                        churned.mutate { $0.append(recorder) }
                        let source = round % 2 == 0 ? observable.value : observable.value.map { $0 }
                        recorder.subscribe(to: source).dispose()
                    }
                    return
                }
                for index in 0..<Stress.valuesPerThread {
                    subject.send(stressValue(thread: thread, index: index))
                }
            }
            subject.send(completion: .finished)
            for recorder in staying {
                expectPerThreadOrder(recorder.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
                #expect(recorder.completions == 1)
                #expect(recorder.grammar.violations.isEmpty)
            }
            for recorder in churned.value {
                expectPerThreadOrder(recorder.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: false)
                #expect(recorder.completions == 0)
                #expect(recorder.grammar.violations.isEmpty)
            }
        }
    }

    @Test func asObservableAndBridgedSubjectsFromManyThreads() {
        for _ in 0..<Stress.rounds {
            let passthrough = PassthroughSubject<Int, Error>()
            let relay = BehaviorRelay<Int>(value: -1)
            let relaySubject = relay.toCombine()
            let rxSubject = PublishSubject<Int>()
            let adapter = rxSubject.toCombine()
            let fromCombine = CheckedObserver<Int>()
            let fromRelay = TestSubscriber<Int, Never>()
            let fromAdapter = CheckedObserver<Int>()
            let bag = DisposeBag()
            passthrough.asObservable().subscribe(fromCombine).disposed(by: bag)
            relaySubject.filter { $0 >= 0 }.subscribe(fromRelay)
            rxSubject.subscribe(fromAdapter).disposed(by: bag)
            Stress.race { thread in
                for index in 0..<Stress.valuesPerThread {
                    let value = stressValue(thread: thread, index: index)
                    passthrough.send(value)
                    relaySubject.send(value)
                    adapter.send(value)
                }
            }
            passthrough.send(completion: .finished)
            adapter.send(completion: .finished)
            expectPerThreadOrder(fromCombine.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            expectPerThreadOrder(fromRelay.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            expectPerThreadOrder(fromAdapter.values, threads: Stress.threads, perThread: Stress.valuesPerThread, complete: true)
            #expect(fromCombine.terminal?.isCompleted == true)
            #expect(fromAdapter.terminal?.isCompleted == true)
            #expect(fromCombine.grammar.violations.isEmpty && fromAdapter.grammar.violations.isEmpty)
            #expect(fromRelay.grammarViolations.isEmpty)
        }
    }
}

/// A publisher for one subscriber that, on `start()`, hands over its subscription, sends one value and
/// finishes, from whatever thread calls it.
private final class OneShotPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    final class Upstream: CombineKit.Subscription, @unchecked Sendable {
        let onCancel: @Sendable () -> Void
        init(onCancel: @escaping @Sendable () -> Void) { self.onCancel = onCancel }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() { onCancel() }
    }

    private(set) var upstream: Upstream?
    private var subscriber: AnySubscriber<Int, Never>?

    init(onCancel: @escaping @Sendable () -> Void) {
        upstream = Upstream(onCancel: onCancel)
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
    }

    func start() {
        guard let subscriber, let upstream else { return }
        subscriber.receive(subscription: upstream)
        _ = subscriber.receive(1)
        subscriber.receive(completion: .finished)
    }

    /// Drops this publisher's own references, so only the bridge could still hold the subscription.
    func dropUpstream() {
        upstream = nil
        subscriber = nil
    }
}

/// RxKit's own observer (`subscribe(onNext:onCompleted:)`), grammar-checked, recording what it gets.
private final class NodeRecorder: @unchecked Sendable {
    let grammar = GrammarChecker(recorder: "NodeRecorder", checksSubscription: false)
    private let lock = NSLock()
    private var storedValues: [Int] = []
    private var storedCompletions = 0

    var values: [Int] { lock.withLock { storedValues } }
    var completions: Int { lock.withLock { storedCompletions } }

    func subscribe(to observable: Observable<Int>) -> Disposable {
        observable.subscribe(
            onNext: { [self] value in
                let entry = grammar.enter(.value, event: "next(\(value))")
                lock.withLock { storedValues.append(value) }
                grammar.leave(entry)
            },
            onCompleted: { [self] in
                let entry = grammar.enter(.terminal, event: "completed")
                lock.withLock { storedCompletions += 1 }
                grammar.leave(entry)
            })
    }
}
