// The scenarios bridged Rx → Combine: an RxKit source, `asPublisher()` right at the source, then the same
// CombineKit operators and sink as CombineKitBench.swift. Compared with CombineKit (the native chain on the
// operators' side), the difference is the seam: the bridge's lossless, demand-honouring subscription.
//
// The source is a `PublishRelay` where the native Combine chain starts from a `PassthroughSubject<_, Never>`:
// a relay cannot fail, so its `asPublisher()` is `ObservablePublisher<Int, Never>` and the operators after the
// seam are the very ones of CombineKitBench (a `PublishSubject` would bring an `Error` failure, and with it
// `setFailureType` wrappers in flatMap/switchToLatest/combineLatest). The Driver scenarios start from a
// `PublishSubject`, whose failure `replaceError` removes, as in the native Combine Driver chain; S8 starts
// from `Observable.from`.
import CombineKit
import CombineKitExt
import Dispatch
import RxCombineBridge
import RxKit

enum RxToCombineBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in relayPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S3": s3,
            "S4": s4,
            "S5": s5,
            "X1": x1,
            "S7": { n in relayPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "S8": s8,
            "R1": { n in relayPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": { n in pumping(n, chain: mapFilterChain) },
            "R4": { n in creating(n, chain: mapFilterChain) },
            "R5": { n in pumping(n, chain: flatMapChain) },
            "R6": { n in creating(n, chain: flatMapChain) },
            "R7": { n in pumping(n, chain: switchToLatestChain) },
            "R8": { n in creating(n, chain: switchToLatestChain) },
            "R9": { n in pumping(n, chain: combineLatestChain) },
            "R10": { n in creating(n, chain: combineLatestChain) },
            "R11": driverPumping,
            "R12": driverCreating,
            "T1": t1,
            "T2": t2,
            "T3": t3,
            "T4": t4,
            "M1": { n in liveChains(n, sends: 1) },
            "M1D": liveDriverChains,
            "M2": { n in liveChains(Shape.m2Subscriptions, sends: n) },
        ]
    }

    /// Four threads call `accept` on one relay, bridged once.
    static func t1(_ n: Int) -> UInt64 {
        var sum = UnorderedChecksum()
        let relay = Relay()
        let subscription = relay.asPublisher().sink { sum.add($0) }
        runOnThreads(Shape.senderThreads) { k in
            for i in senderRange(thread: k, total: n) { relay.accept(i) }
        }
        subscription.cancel()
        return sum.value
    }

    static func t2(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let relay = Relay()
        let subscription = relay.asPublisher().receive(on: makeBenchQueue()).sink(receiveValue: arrivals.arrive)
        for i in 0..<n { relay.accept(i) }
        let checksum = arrivals.wait()
        subscription.cancel()
        return checksum
    }

    static func t4(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let relay = Relay()
        let subscription = relay.asPublisher().receive(on: DispatchQueue.main).sink(receiveValue: arrivals.arrive)
        defer { subscription.cancel() }
        return sendFromAnotherThread(n, waitingOnMainQueueFor: arrivals) { relay.accept($0) }
    }

    /// RxKit's `just`, bridged (so it may fail: `sink` takes a completion), then CombineKit's `map` and
    /// `subscribe(on:)`.
    static func t3(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let queue = makeBenchQueue()
        var subscriptions: [AnyCancellable] = []
        subscriptions.reserveCapacity(n)
        for i in 0..<n {
            subscriptions.append(Observable.just(i).asPublisher()
                .map(Work.triple)
                .subscribe(on: queue)
                .sink(receiveCompletion: { _ in }, receiveValue: arrivals.arrive))
        }
        let checksum = arrivals.wait()
        for subscription in subscriptions { subscription.cancel() }
        return checksum
    }

    /// `subscriptions` bridged S2 chains alive at once on one relay, `sends` values, then all cancelled.
    static func liveChains(_ subscriptions: Int, sends: Int) -> UInt64 {
        var sum = Checksum()
        let relay = Relay()
        let live = (0..<subscriptions).map { _ in
            relay.asPublisher().map(Work.triple).filter(Work.isEven).map(Work.addSeven).sink { sum.add($0) }
        }
        for i in 0..<sends { relay.accept(i) }
        MemoryProbe.markAllLive()
        for subscription in live { subscription.cancel() }
        return sum.value
    }

    /// n bridged Driver chains (R11's) alive at once on one shared subject, one value, all cancelled.
    static func liveDriverChains(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let live = (0..<n).map { _ in driverChain(subject.asPublisher()).sink { sum.add($0) } }
        subject.onNext(0)
        MemoryProbe.markAllLive()
        for subscription in live { subscription.cancel() }
        return sum.value
    }

    typealias Relay = PublishRelay<Int>
    /// What the seam hands the Combine side: `asPublisher()`'s concrete publisher, as the native chains start
    /// from the concrete `PassthroughSubject` (an `AnyPublisher` in between costs more per subscription: see
    /// Benchmarks/README.md).
    typealias Bridged = ObservablePublisher<Int, Never>
    typealias FailingBridged = ObservablePublisher<Int, any Error>

    /// One bridged subscription per subscriber: each `sink` subscribes through its own `asPublisher()`.
    static func relayPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let relay = Relay()
        let subscriptions = (0..<subscribers).map { k in
            relay.asPublisher().sink { sums[k].add($0) }
        }
        for i in 0..<sends { relay.accept(i) }
        for subscription in subscriptions { subscription.cancel() }
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let relay = Relay()
        let subscription = relay.asPublisher()
            .map(Work.triple)
            .filter(Work.isEven)
            .map(Work.addSeven)
            .sink { sum.add($0) }
        for i in 0..<n { relay.accept(i) }
        subscription.cancel()
        return sum.value
    }

    static func s3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let relay = Relay()
        let subscription = relay.asPublisher()
            .flatMap { Just(Work.twice($0)) }
            .sink { sum.add($0) }
        for i in 0..<n { relay.accept(i) }
        subscription.cancel()
        return sum.value
    }

    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let relay = Relay()
        let subscription = relay.asPublisher()
            .map { Just(Work.twice($0)) }
            .switchToLatest()
            .sink { sum.add($0) }
        for i in 0..<n { relay.accept(i) }
        subscription.cancel()
        return sum.value
    }

    /// Two Rx sources, each bridged; combineLatest on the Combine side.
    static func s5(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let a = Relay()
        let b = Relay()
        let subscription = a.asPublisher().combineLatest(b.asPublisher(), Work.pair)
            .sink { sum.add($0) }
        for i in 0..<n {
            if i & 1 == 0 { a.accept(i) } else { b.accept(i) }
        }
        subscription.cancel()
        return sum.value
    }

    /// Two relays, each bridged; CombineKitExt's withLatestFrom on the Combine side.
    static func x1(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let source = Relay()
        let other = Relay()
        let subscription = source.asPublisher().withLatestFrom(other.asPublisher(), resultSelector: Work.pair)
            .sink { sum.add($0) }
        for i in 0..<n {
            if Work.goesToOther(i) { other.accept(i) } else { source.accept(i) }
        }
        subscription.cancel()
        return sum.value
    }

    /// RxKit's `from`, bridged, then CombineKit's `map` and `scan`. Unlike the native CombineKit S8 these
    /// are the operators' general forms (the upstream is not a `Publishers.Sequence`, so there is no eager
    /// specialisation). The sink's demand reaches the bridge while the sink is still inside
    /// `receive(subscription:)`; `from` runs to completion during that request, and the bridge delivers
    /// each element at once, nested in it (as `Publishers.Sequence` does), holding none.
    static func s8(_ n: Int) -> UInt64 {
        var sum = Checksum()
        Observable.from(0..<n)
            .asPublisher()
            .map(Work.triple)
            .scan(0, Work.accumulate)
            .sink(receiveCompletion: { _ in }, receiveValue: { sum.add($0) })
            .cancel()
        return sum.value
    }

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let relay = Relay()
            let subscription = relay.asPublisher().sink { sum.add($0) }
            relay.accept(i)
            subscription.cancel()
        }
        return sum.value
    }

    // The chains of CombineKitBench, starting from the bridged publisher instead of a PassthroughSubject:
    // written out with their concrete types and erased once at the end; combineLatest erased per level.

    static func mapFilterChain(_ source: Bridged) -> AnyPublisher<Int, Never> {
        source
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .eraseToAnyPublisher()
    }

    static func flatMapChain(_ source: Bridged) -> AnyPublisher<Int, Never> {
        source
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .eraseToAnyPublisher()
    }

    static func switchToLatestChain(_ source: Bridged) -> AnyPublisher<Int, Never> {
        source
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .eraseToAnyPublisher()
    }

    static func combineLatestChain(_ source: Bridged) -> AnyPublisher<Int, Never> {
        var chain = source.eraseToAnyPublisher()
        for _ in 0..<Shape.combineLatestLevels {
            chain = Just(1).combineLatest(Just(1), Just(1), chain, Work.combine4).eraseToAnyPublisher()
        }
        return chain
    }

    /// RxSwift's "pumping" shape: one relay, bridged, the chain built once, n sends.
    static func pumping(_ n: Int, chain: (Bridged) -> AnyPublisher<Int, Never>) -> UInt64 {
        var sum = Checksum()
        let relay = Relay()
        let subscription = chain(relay.asPublisher()).sink { sum.add($0) }
        for i in 0..<n { relay.accept(i) }
        subscription.cancel()
        return sum.value
    }

    /// RxSwift's "creating" shape: n times build relay, bridge and chain, subscribe, send one value, cancel.
    static func creating(_ n: Int, chain: (Bridged) -> AnyPublisher<Int, Never>) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let relay = Relay()
            let subscription = chain(relay.asPublisher()).sink { sum.add($0) }
            relay.accept(i)
            subscription.cancel()
        }
        return sum.value
    }

    /// R11/R12: the Combine Driver chain of CombineKitBench.driverChain (replaceError, receive(on:),
    /// 6 × (map, filter), share(replay: 1)) on a bridged Rx subject, which may fail like a Driver's source.
    static func driverChain(_ source: FailingBridged) -> AnyPublisher<Int, Never> {
        source
            .replaceError(with: -1)
            .receive(on: ImmediateScheduler.shared)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .share(replay: 1)
            .eraseToAnyPublisher()
    }

    static func driverPumping(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = driverChain(subject.asPublisher()).sink { sum.add($0) }
        for i in 0..<n { subject.onNext(i) }
        subscription.cancel()
        return sum.value
    }

    static func driverCreating(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = driverChain(subject.asPublisher()).sink { sum.add($0) }
            subject.onNext(i)
            subscription.cancel()
        }
        return sum.value
    }
}
