// The scenarios written with OpenCombine 0.14 (the reference Combine implementation on Linux), line for
// line the same code as CombineKitBench.swift (its DispatchQueue scheduler is OpenCombineDispatch's
// `queue.ocombine`). OpenCombine has no combineLatest: S5, R9 and R10 are "n/a".
// Nor has it a replaying share: R11/R12 end in `share()` where CombineKit's end in `share(replay: 1)`.
import Dispatch
import OpenCombine
import OpenCombineDispatch

enum OpenCombineBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in subjectPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S3": s3,
            "S4": s4,
            "S6": s6,
            "S8": s8,
            "S7": { n in subjectPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "R1": { n in subjectPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": { n in pumping(n, chain: mapFilterChain) },
            "R4": { n in creating(n, chain: mapFilterChain) },
            "R5": { n in pumping(n, chain: flatMapChain) },
            "R6": { n in creating(n, chain: flatMapChain) },
            "R7": { n in pumping(n, chain: switchToLatestChain) },
            "R8": { n in creating(n, chain: switchToLatestChain) },
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

    /// Four threads call `send` on one subject; the subject delivers one value at a time.
    static func t1(_ n: Int) -> UInt64 {
        var sum = UnorderedChecksum()
        let subject = Subject()
        let subscription = subject.sink { sum.add($0) }
        runOnThreads(Shape.senderThreads) { k in
            for i in senderRange(thread: k, total: n) { subject.send(i) }
        }
        subscription.cancel()
        return sum.value
    }

    static func t2(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let subject = Subject()
        let subscription = subject.receive(on: makeBenchQueue().ocombine).sink(receiveValue: arrivals.arrive)
        for i in 0..<n { subject.send(i) }
        let checksum = arrivals.wait()
        subscription.cancel()
        return checksum
    }

    static func t4(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let subject = Subject()
        let subscription = subject.receive(on: DispatchQueue.main.ocombine).sink(receiveValue: arrivals.arrive)
        defer { subscription.cancel() }
        return sendFromAnotherThread(n, waitingOnMainQueueFor: arrivals) { subject.send($0) }
    }

    /// `Just.map` is Combine's eager specialisation (a `Just`), so the chain is `Just` → `subscribe(on:)`.
    static func t3(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let queue = makeBenchQueue().ocombine
        var subscriptions: [AnyCancellable] = []
        subscriptions.reserveCapacity(n)
        for i in 0..<n {
            subscriptions.append(Just(i)
                .map(Work.triple)
                .subscribe(on: queue)
                .sink(receiveValue: arrivals.arrive))
        }
        let checksum = arrivals.wait()
        for subscription in subscriptions { subscription.cancel() }
        return checksum
    }

    /// `subscriptions` S2 chains alive at once on one subject, `sends` values through all of them, then
    /// all cancelled.
    static func liveChains(_ subscriptions: Int, sends: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let live = (0..<subscriptions).map { _ in
            subject.map(Work.triple).filter(Work.isEven).map(Work.addSeven).sink { sum.add($0) }
        }
        for i in 0..<sends { subject.send(i) }
        MemoryProbe.markAllLive()
        for subscription in live { subscription.cancel() }
        return sum.value
    }

    /// n Driver chains (R11's) alive at once on one shared subject, one value, all cancelled.
    static func liveDriverChains(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FailingSubject()
        let live = (0..<n).map { _ in driverChain(subject).sink { sum.add($0) } }
        subject.send(0)
        MemoryProbe.markAllLive()
        for subscription in live { subscription.cancel() }
        return sum.value
    }

    typealias Subject = PassthroughSubject<Int, Never>

    static func subjectPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let subject = Subject()
        let subscriptions = (0..<subscribers).map { k in
            subject.sink { sums[k].add($0) }
        }
        for i in 0..<sends { subject.send(i) }
        for subscription in subscriptions { subscription.cancel() }
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject
            .map(Work.triple)
            .filter(Work.isEven)
            .map(Work.addSeven)
            .sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    static func s3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject
            .flatMap { Just(Work.twice($0)) }
            .sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = subject
            .map { Just(Work.twice($0)) }
            .switchToLatest()
            .sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    /// `Just.map` and `Just.filter` are Combine's eager specialisations here too (returning `Just` and
    /// `Optional.Publisher`).
    static func s6(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            Just(i)
                .map(Work.triple)
                .filter(Work.isEven)
                .sink { sum.add($0) }
                .cancel()
        }
        return sum.value
    }

    /// `Publishers.Sequence.map` and `.scan` are Combine's eager specialisations here too: they build
    /// arrays of n elements up front and then publish them.
    static func s8(_ n: Int) -> UInt64 {
        var sum = Checksum()
        (0..<n).publisher
            .map(Work.triple)
            .scan(0, Work.accumulate)
            .sink { sum.add($0) }
            .cancel()
        return sum.value
    }

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = Subject()
            let subscription = subject.sink { sum.add($0) }
            subject.send(i)
            subscription.cancel()
        }
        return sum.value
    }

    // The chains are written out with their concrete types and erased once at the end, as an app stores
    // them.

    static func mapFilterChain(_ source: Subject) -> AnyPublisher<Int, Never> {
        source
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .eraseToAnyPublisher()
    }

    static func flatMapChain(_ source: Subject) -> AnyPublisher<Int, Never> {
        source
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .flatMap { Just(Work.increment($0)) }
            .eraseToAnyPublisher()
    }

    static func switchToLatestChain(_ source: Subject) -> AnyPublisher<Int, Never> {
        source
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .map { Just(Work.increment($0)) }.switchToLatest()
            .eraseToAnyPublisher()
    }

    /// A source that may fail, as the one a Driver is made from.
    typealias FailingSubject = PassthroughSubject<Int, any Error>

    /// R11/R12, the Driver chain in Combine (see CombineKitBench.driverChain). OpenCombine has no
    /// replaying share, so this ends in `share()` (multicast without replay), the nearest it has; with
    /// the one subscriber attached before the first value, both deliver the same values.
    static func driverChain(_ source: FailingSubject) -> AnyPublisher<Int, Never> {
        source
            .replaceError(with: -1)
            .receive(on: ImmediateScheduler.shared)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .share()
            .eraseToAnyPublisher()
    }

    static func driverPumping(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FailingSubject()
        let subscription = driverChain(subject).sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    static func driverCreating(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = FailingSubject()
            let subscription = driverChain(subject).sink { sum.add($0) }
            subject.send(i)
            subscription.cancel()
        }
        return sum.value
    }

    /// RxSwift's "pumping" shape: one subject, the chain built once, n sends.
    static func pumping(_ n: Int, chain: (Subject) -> AnyPublisher<Int, Never>) -> UInt64 {
        var sum = Checksum()
        let subject = Subject()
        let subscription = chain(subject).sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    /// RxSwift's "creating" shape: n times build subject and chain, subscribe, send one value, cancel.
    static func creating(_ n: Int, chain: (Subject) -> AnyPublisher<Int, Never>) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = Subject()
            let subscription = chain(subject).sink { sum.add($0) }
            subject.send(i)
            subscription.cancel()
        }
        return sum.value
    }
}
