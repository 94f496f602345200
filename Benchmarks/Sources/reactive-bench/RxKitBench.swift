// The scenarios written with RxKit, as an RxSwift user would write them.
import RxKit

enum RxKitBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in subjectPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S3": s3,
            "S4": s4,
            "S5": s5,
            "X1": x1,
            "S6": s6,
            "S8": s8,
            "S7": { n in subjectPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "R1": { n in subjectPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": { n in pumping(n, chain: mapFilterChain) },
            "R4": { n in creating(n, chain: mapFilterChain) },
            "R5": { n in pumping(n, chain: flatMapChain) },
            "R6": { n in creating(n, chain: flatMapChain) },
            "R7": { n in pumping(n, chain: flatMapLatestChain) },
            "R8": { n in creating(n, chain: flatMapLatestChain) },
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

    /// Four threads call `onNext` on one subject; the subject delivers one value at a time.
    static func t1(_ n: Int) -> UInt64 {
        var sum = UnorderedChecksum()
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { sum.add($0) })
        runOnThreads(Shape.senderThreads) { k in
            for i in senderRange(thread: k, total: n) { subject.onNext(i) }
        }
        subscription.dispose()
        return sum.value
    }

    static func t2(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let scheduler = SerialDispatchQueueScheduler(queue: makeBenchQueue(), internalSerialQueueName: "reactive-bench.t2")
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: scheduler).subscribe(onNext: arrivals.arrive)
        for i in 0..<n { subject.onNext(i) }
        let checksum = arrivals.wait()
        subscription.dispose()
        return checksum
    }

    /// Another thread sends; `MainScheduler.instance` dispatches each value to the main queue (the sender is
    /// not on it), which the benchmark thread services while it waits.
    static func t4(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let subject = PublishSubject<Int>()
        let subscription = subject.observe(on: MainScheduler.instance).subscribe(onNext: arrivals.arrive)
        defer { subscription.dispose() }
        return sendFromAnotherThread(n, waitingOnMainQueueFor: arrivals) { subject.onNext($0) }
    }

    static func t3(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let scheduler = SerialDispatchQueueScheduler(queue: makeBenchQueue(), internalSerialQueueName: "reactive-bench.t3")
        var subscriptions: [Disposable] = []
        subscriptions.reserveCapacity(n)
        for i in 0..<n {
            subscriptions.append(Observable.just(i)
                .map(Work.triple)
                .subscribe(on: scheduler)
                .subscribe(onNext: arrivals.arrive))
        }
        let checksum = arrivals.wait()
        for subscription in subscriptions { subscription.dispose() }
        return checksum
    }

    /// `subscriptions` S2 chains alive at once on one subject, `sends` values through all of them, then
    /// all disposed.
    static func liveChains(_ subscriptions: Int, sends: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let live = (0..<subscriptions).map { _ in
            subject.map(Work.triple).filter(Work.isEven).map(Work.addSeven).subscribe(onNext: { sum.add($0) })
        }
        for i in 0..<sends { subject.onNext(i) }
        MemoryProbe.markAllLive()
        for subscription in live { subscription.dispose() }
        return sum.value
    }

    /// n Driver chains (R11's) alive at once, each converted from one shared subject, one value, all disposed.
    static func liveDriverChains(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let live = (0..<n).map { _ in
            driverChain(subject.asDriver(onErrorJustReturn: -1)).drive(onNext: { sum.add($0) })
        }
        subject.onNext(0)
        MemoryProbe.markAllLive()
        for subscription in live { subscription.dispose() }
        return sum.value
    }

    static func subjectPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let subject = PublishSubject<Int>()
        let subscriptions = (0..<subscribers).map { k in
            subject.subscribe(onNext: { sums[k].add($0) })
        }
        for i in 0..<sends { subject.onNext(i) }
        for subscription in subscriptions { subscription.dispose() }
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = subject
            .map(Work.triple)
            .filter(Work.isEven)
            .map(Work.addSeven)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    static func s3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = subject
            .flatMap { Observable.just(Work.twice($0)) }
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = subject
            .flatMapLatest { Observable.just(Work.twice($0)) }
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    static func s5(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let subscription = Observable.combineLatest(a, b, resultSelector: Work.pair)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n {
            if i & 1 == 0 { a.onNext(i) } else { b.onNext(i) }
        }
        subscription.dispose()
        return sum.value
    }

    static func x1(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        let subscription = source.withLatestFrom(other, resultSelector: Work.pair)
            .subscribe(onNext: { sum.add($0) })
        for i in 0..<n {
            if Work.goesToOther(i) { other.onNext(i) } else { source.onNext(i) }
        }
        subscription.dispose()
        return sum.value
    }

    static func s6(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            Observable.just(i)
                .map(Work.triple)
                .filter(Work.isEven)
                .subscribe(onNext: { sum.add($0) })
                .dispose()
        }
        return sum.value
    }

    /// `from` sends each element in its own action on the current-thread scheduler, as RxSwift's does.
    static func s8(_ n: Int) -> UInt64 {
        var sum = Checksum()
        Observable.from(0..<n)
            .map(Work.triple)
            .scan(0, accumulator: Work.accumulate)
            .subscribe(onNext: { sum.add($0) })
            .dispose()
        return sum.value
    }

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = subject.subscribe(onNext: { sum.add($0) })
            subject.onNext(i)
            subscription.dispose()
        }
        return sum.value
    }

    static func mapFilterChain(_ source: Observable<Int>) -> Observable<Int> {
        var chain = source
        for _ in 0..<Shape.mapFilterPairs {
            chain = chain.map(Work.increment).filter(Work.notMultipleOf7)
        }
        return chain
    }

    static func flatMapChain(_ source: Observable<Int>) -> Observable<Int> {
        var chain = source
        for _ in 0..<Shape.flatMapStages {
            chain = chain.flatMap { Observable.just(Work.increment($0)) }
        }
        return chain
    }

    static func flatMapLatestChain(_ source: Observable<Int>) -> Observable<Int> {
        var chain = source
        for _ in 0..<Shape.flatMapStages {
            chain = chain.flatMapLatest { Observable.just(Work.increment($0)) }
        }
        return chain
    }

    static func combineLatestChain(_ source: Observable<Int>) -> Observable<Int> {
        var chain = source
        for _ in 0..<Shape.combineLatestLevels {
            chain = Observable.combineLatest(Observable.just(1), Observable.just(1), Observable.just(1), chain,
                                             resultSelector: Work.combine4)
        }
        return chain
    }

    /// RxSwift's Driver chain: every Driver operator shares its result again (`share(replay: 1)`), as in
    /// RxCocoa.
    static func driverChain(_ source: Driver<Int>) -> Driver<Int> {
        var chain = source
        for _ in 0..<Shape.mapFilterPairs {
            chain = chain.map(Work.increment).filter(Work.notMultipleOf7)
        }
        return chain
    }

    /// RxSwift's "Driver map/filter pumping": the subject converted with `asDriver(onErrorJustReturn:)`,
    /// the chain built once, n sends, `drive`. The Driver hops to `MainScheduler`, which runs the hop
    /// inline because the benchmark runs on the main thread with nothing queued (the checksum, taken
    /// right after the sends, would disagree if any value were left for later).
    static func driverPumping(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = driverChain(subject.asDriver(onErrorJustReturn: -1)).drive(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    /// RxSwift's "Driver map/filter creating": n times build subject, Driver and chain, drive, send one
    /// value, dispose.
    static func driverCreating(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = driverChain(subject.asDriver(onErrorJustReturn: -1)).drive(onNext: { sum.add($0) })
            subject.onNext(i)
            subscription.dispose()
        }
        return sum.value
    }

    /// RxSwift's "pumping" shape: one subject, the chain built once, n sends.
    static func pumping(_ n: Int, chain: (Observable<Int>) -> Observable<Int>) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = chain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    /// RxSwift's "creating" shape: n times build subject and chain, subscribe, send one value, dispose.
    static func creating(_ n: Int, chain: (Observable<Int>) -> Observable<Int>) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = chain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
            subject.onNext(i)
            subscription.dispose()
        }
        return sum.value
    }
}
