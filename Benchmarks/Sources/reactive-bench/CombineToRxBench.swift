// The scenarios bridged Combine → Rx: a CombineKit source, `asObservable()` right at the source, then the
// same RxKit operators and subscriber as RxKitBench.swift (the R chains are RxKitBench's own). Compared with
// RxKit (the native chain on the operators' side), the difference is the seam: an `Observable.create` whose
// subscriber asks the publisher for unlimited demand and forwards each value.
//
// The source is a `PassthroughSubject<Int, Never>`, like the native Combine chains'; the Driver scenarios
// start from a `PassthroughSubject<Int, any Error>` converted with the bridge's
// `asDriver(onErrorJustReturn:)`, as the native Rx Driver chain converts a `PublishSubject`.
import CombineKit
import Dispatch
import RxCombineBridge
import RxKit

enum CombineToRxBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in subjectPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S3": s3,
            "S4": s4,
            "S5": s5,
            "X1": x1,
            "S7": { n in subjectPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "S8": s8,
            "R1": { n in subjectPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": { n in pumping(n, chain: RxKitBench.mapFilterChain) },
            "R4": { n in creating(n, chain: RxKitBench.mapFilterChain) },
            "R5": { n in pumping(n, chain: RxKitBench.flatMapChain) },
            "R6": { n in creating(n, chain: RxKitBench.flatMapChain) },
            "R7": { n in pumping(n, chain: RxKitBench.flatMapLatestChain) },
            "R8": { n in creating(n, chain: RxKitBench.flatMapLatestChain) },
            "R9": { n in pumping(n, chain: RxKitBench.combineLatestChain) },
            "R10": { n in creating(n, chain: RxKitBench.combineLatestChain) },
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

    /// Four threads call `send` on one subject, bridged once.
    static func t1(_ n: Int) -> UInt64 {
        var sum = UnorderedChecksum()
        let subject = Subject()
        let subscription = subject.asObservable().subscribe(onNext: { sum.add($0) })
        runOnThreads(Shape.senderThreads) { k in
            for i in senderRange(thread: k, total: n) { subject.send(i) }
        }
        subscription.dispose()
        return sum.value
    }

    static func t2(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let scheduler = SerialDispatchQueueScheduler(queue: makeBenchQueue(), internalSerialQueueName: "reactive-bench.t2")
        let subject = Subject()
        let subscription = subject.asObservable().observe(on: scheduler).subscribe(onNext: arrivals.arrive)
        for i in 0..<n { subject.send(i) }
        let checksum = arrivals.wait()
        subscription.dispose()
        return checksum
    }

    static func t4(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let subject = Subject()
        let subscription = subject.asObservable().observe(on: MainScheduler.instance).subscribe(onNext: arrivals.arrive)
        defer { subscription.dispose() }
        return sendFromAnotherThread(n, waitingOnMainQueueFor: arrivals) { subject.send($0) }
    }

    /// CombineKit's `Just`, bridged, then RxKit's `map` and `subscribe(on:)`.
    static func t3(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let scheduler = SerialDispatchQueueScheduler(queue: makeBenchQueue(), internalSerialQueueName: "reactive-bench.t3")
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(n)
        for i in 0..<n {
            subscriptions.append(Just(i).asObservable()
                .map(Work.triple)
                .subscribe(on: scheduler)
                .subscribe(onNext: arrivals.arrive))
        }
        let checksum = arrivals.wait()
        for subscription in subscriptions { subscription.dispose() }
        return checksum
    }

    /// `subscriptions` bridged S2 chains alive at once on one subject, `sends` values, then all disposed.
    static func liveChains(_ subscriptions: Int, sends: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let live = (0..<subscriptions).map { _ in
            subject.asObservable().map(Work.triple).filter(Work.isEven).map(Work.addSeven)
                .subscribe(onNext: { sum.add($0) })
        }
        for i in 0..<sends { subject.send(i) }
        MemoryProbe.markAllLive()
        for subscription in live { subscription.dispose() }
        return sum.value
    }

    /// n bridged Driver chains (R11's) alive at once on one shared subject, one value, all disposed.
    static func liveDriverChains(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FailingSubject()
        let live = (0..<n).map { _ in
            RxKitBench.driverChain(subject.asDriver(onErrorJustReturn: -1)).drive(onNext: { sum.add($0) })
        }
        subject.send(0)
        MemoryProbe.markAllLive()
        for subscription in live { subscription.dispose() }
        return sum.value
    }

    typealias Subject = PassthroughSubject<Int, Never>

    /// One bridged subscription per subscriber: each Rx subscription subscribes to the subject anew.
    static func subjectPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let subject = Subject()
        let subscriptions = (0..<subscribers).map { k in
            subject.asObservable().subscribe(onNext: { sums[k].add($0) })
        }
        for i in 0..<sends { subject.send(i) }
        for subscription in subscriptions { subscription.dispose() }
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject.asObservable()
            .map(Work.triple)
            .filter(Work.isEven)
            .map(Work.addSeven)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subscription.dispose()
        return sum.value
    }

    static func s3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject.asObservable()
            .flatMap { Observable.just(Work.twice($0)) }
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subscription.dispose()
        return sum.value
    }

    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject.asObservable()
            .flatMapLatest { Observable.just(Work.twice($0)) }
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subscription.dispose()
        return sum.value
    }

    /// Two Combine sources, each bridged; combineLatest on the Rx side.
    static func s5(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let a = Subject()
        let b = Subject()
        let subscription = Observable.combineLatest(a.asObservable(), b.asObservable(), resultSelector: Work.pair)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n {
            if i & 1 == 0 { a.send(i) } else { b.send(i) }
        }
        subscription.dispose()
        return sum.value
    }

    /// Two Combine sources, each bridged; withLatestFrom on the Rx side.
    static func x1(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let source = Subject()
        let other = Subject()
        let subscription = source.asObservable().withLatestFrom(other.asObservable(), resultSelector: Work.pair)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n {
            if Work.goesToOther(i) { other.send(i) } else { source.send(i) }
        }
        subscription.dispose()
        return sum.value
    }

    /// CombineKit's sequence publisher, bridged, then RxKit's `map` and `scan`. The publisher sends every
    /// element synchronously once the bridge asks for unlimited demand, so unlike RxKit's `from` (one
    /// current-thread-scheduler action per element) there is no scheduler on the way.
    static func s8(_ n: Int) -> UInt64 {
        var sum = Checksum()
        (0..<n).publisher
            .asObservable()
            .map(Work.triple)
            .scan(0, accumulator: Work.accumulate)
            .subscribe(onNext: { sum.add($0) })
            .dispose()
        return sum.value
    }

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = Subject()
            let subscription = subject.asObservable().subscribe(onNext: { sum.add($0) })
            subject.send(i)
            subscription.dispose()
        }
        return sum.value
    }

    /// RxSwift's "pumping" shape: one subject, bridged, the chain built once, n sends.
    static func pumping(_ n: Int, chain: (Observable<Int>) -> Observable<Int>) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = chain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subscription.dispose()
        return sum.value
    }

    /// RxSwift's "creating" shape: n times build subject, bridge and chain, subscribe, send one value, dispose.
    static func creating(_ n: Int, chain: (Observable<Int>) -> Observable<Int>) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = Subject()
            let subscription = chain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
            subject.send(i)
            subscription.dispose()
        }
        return sum.value
    }

    /// A source that may fail, as the one a Driver is made from.
    typealias FailingSubject = PassthroughSubject<Int, any Error>

    /// R11: the bridge's `Publisher.asDriver(onErrorJustReturn:)` (`asObservable()`, then RxKit's own
    /// conversion), RxKitBench's Driver chain, `drive`.
    static func driverPumping(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FailingSubject()
        let subscription = RxKitBench.driverChain(subject.asDriver(onErrorJustReturn: -1))
            .drive(onNext: { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subscription.dispose()
        return sum.value
    }

    static func driverCreating(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = FailingSubject()
            let subscription = RxKitBench.driverChain(subject.asDriver(onErrorJustReturn: -1))
                .drive(onNext: { sum.add($0) })
            subject.send(i)
            subscription.dispose()
        }
        return sum.value
    }
}
