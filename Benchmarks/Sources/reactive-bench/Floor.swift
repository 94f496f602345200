// The floor: each scenario's work written with plain closures and no framework. A subject is an array of
// closures; an operator is a closure that calls the next one. The builders are `@inline(never)` so, like a
// framework, the stages meet through opaque closure calls instead of being fused by the optimiser. The
// thread scenarios' floor is a mutex around delivery (T1) and a bare `DispatchQueue.async` per hop (T2, T3).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

final class FloorSubject {
    private var observers: [(Int) -> Void] = []

    @inline(never)
    func subscribe(_ observer: @escaping (Int) -> Void) {
        observers.append(observer)
    }

    @inline(never)
    func send(_ value: Int) {
        for observer in observers { observer(value) }
    }

    func removeAll() { observers.removeAll() }
}

/// A `FloorSubject` that several threads may send into: a mutex held around delivery, so the subscribers
/// see one value at a time, as every library's subject guarantees.
final class FloorLockedSubject: @unchecked Sendable {
    private let subject = FloorSubject()
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        return mutex
    }()

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func subscribe(_ observer: @escaping (Int) -> Void) {
        pthread_mutex_lock(mutex)
        subject.subscribe(observer)
        pthread_mutex_unlock(mutex)
    }

    @inline(never)
    func send(_ value: Int) {
        pthread_mutex_lock(mutex)
        subject.send(value)
        pthread_mutex_unlock(mutex)
    }
}

@inline(never)
func floorMap(_ transform: @escaping (Int) -> Int, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
    { next(transform($0)) }
}

@inline(never)
func floorFilter(_ isIncluded: @escaping (Int) -> Bool, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
    { if isIncluded($0) { next($0) } }
}

@inline(never)
func floorScan(_ initial: Int, _ combine: @escaping (Int, Int) -> Int, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
    var state = initial
    return { value in
        state = combine(state, value)
        next(state)
    }
}

/// A one-value source: handed a receiver, it delivers its value (the floor's `just`).
@inline(never)
func floorJust(_ value: Int) -> ((Int) -> Void) -> Void {
    { receiver in receiver(value) }
}

/// flatMap { just(transform($0)) }: each value makes an inner source and forwards what it delivers.
@inline(never)
func floorFlatMapJust(_ transform: @escaping (Int) -> Int, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
    { value in floorJust(transform(value))(next) }
}

/// flatMapLatest { just(transform($0)) }: like flatMap, but only the newest inner may deliver.
@inline(never)
func floorFlatMapLatestJust(_ transform: @escaping (Int) -> Int, _ next: @escaping (Int) -> Void) -> (Int) -> Void {
    var generation = 0
    return { value in
        generation &+= 1
        let current = generation
        floorJust(transform(value))({ inner in
            if current == generation { next(inner) }
        })
    }
}

/// One combineLatest(just(1), just(1), just(1), upstream) level: the three justs deliver at build time.
@inline(never)
func floorCombineLatestLevel(_ next: @escaping (Int) -> Void) -> (Int) -> Void {
    var first: Int?
    var second: Int?
    var third: Int?
    floorJust(1)({ first = $0 })
    floorJust(1)({ second = $0 })
    floorJust(1)({ third = $0 })
    return { value in
        if let first, let second, let third { next(Work.combine4(first, second, third, value)) }
    }
}

enum FloorBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in subjectPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S6": s6,
            "S7": { n in subjectPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "R1": { n in subjectPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": { n in pumping(n, chain: mapFilterChain) },
            "R4": { n in creating(n, chain: mapFilterChain) },
            "S3": s3,
            "S4": s4,
            "S5": s5,
            "X1": x1,
            "S8": s8,
            "R5": { n in pumping(n, chain: flatMapChain) },
            "R6": { n in creating(n, chain: flatMapChain) },
            "R7": { n in pumping(n, chain: flatMapLatestChain) },
            "R8": { n in creating(n, chain: flatMapLatestChain) },
            "R9": { n in pumping(n, chain: combineLatestChain) },
            "R10": { n in creating(n, chain: combineLatestChain) },
            // A Driver delivers inline when the source is already on the main thread, so the closures
            // have nothing to add: the same as R3/R4.
            "R11": { n in pumping(n, chain: mapFilterChain) },
            "R12": { n in creating(n, chain: mapFilterChain) },
            "T1": t1,
            "T2": t2,
            "T3": t3,
            "T4": t4,
            "M1": { n in liveChains(n, sends: 1) { floorMap(Work.triple, floorFilter(Work.isEven, floorMap(Work.addSeven, $0))) } },
            // As for R11: the closures of the Driver chain are the map/filter chain's.
            "M1D": { n in liveChains(n, sends: 1, chain: mapFilterChain) },
            "M2": { n in
                liveChains(Shape.m2Subscriptions, sends: n) {
                    floorMap(Work.triple, floorFilter(Work.isEven, floorMap(Work.addSeven, $0)))
                }
            },
        ]
    }

    static func t1(_ n: Int) -> UInt64 {
        var sum = UnorderedChecksum()
        let subject = FloorLockedSubject()
        subject.subscribe { sum.add($0) }
        runOnThreads(Shape.senderThreads) { k in
            for i in senderRange(thread: k, total: n) { subject.send(i) }
        }
        return sum.value
    }

    /// One `async` to a serial queue per value, the value delivered there.
    static func t2(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let queue = makeBenchQueue()
        for i in 0..<n {
            queue.async { arrivals.arrive(i) }
        }
        return arrivals.wait()
    }

    /// One bare `DispatchQueue.main.async` per value, from another thread.
    static func t4(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let main = DispatchQueue.main
        return sendFromAnotherThread(n, waitingOnMainQueueFor: arrivals) { i in main.async { arrivals.arrive(i) } }
    }

    /// Each build is an `async` to the serial queue that builds just → map there and delivers.
    static func t3(_ n: Int) -> UInt64 {
        let arrivals = Arrivals(expecting: n)
        let queue = makeBenchQueue()
        for i in 0..<n {
            queue.async { floorJust(i)(floorMap(Work.triple) { arrivals.arrive($0) }) }
        }
        return arrivals.wait()
    }

    /// `subscriptions` chains alive at once on one subject, `sends` values through all of them, then all
    /// removed.
    static func liveChains(_ subscriptions: Int, sends: Int,
                           chain: (@escaping (Int) -> Void) -> (Int) -> Void) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        for _ in 0..<subscriptions {
            subject.subscribe(chain { sum.add($0) })
        }
        for i in 0..<sends { subject.send(i) }
        MemoryProbe.markAllLive()
        subject.removeAll()
        return sum.value
    }

    static func subjectPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let subject = FloorSubject()
        for k in 0..<subscribers {
            subject.subscribe { sums[k].add($0) }
        }
        for i in 0..<sends { subject.send(i) }
        subject.removeAll()
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        subject.subscribe(floorMap(Work.triple, floorFilter(Work.isEven, floorMap(Work.addSeven) { sum.add($0) })))
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    static func s3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        subject.subscribe(floorFlatMapJust(Work.twice) { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        subject.subscribe(floorFlatMapLatestJust(Work.twice) { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    /// combineLatest(a, b, Work.pair); sends alternate a, b, a, b, …
    static func s5(_ n: Int) -> UInt64 {
        var sum = Checksum()
        var lastA: Int?
        var lastB: Int?
        let a = FloorSubject()
        let b = FloorSubject()
        a.subscribe { value in
            lastA = value
            if let lastB { sum.add(Work.pair(value, lastB)) }
        }
        b.subscribe { value in
            lastB = value
            if let lastA { sum.add(Work.pair(lastA, value)) }
        }
        for i in 0..<n {
            if i & 1 == 0 { a.send(i) } else { b.send(i) }
        }
        a.removeAll()
        b.removeAll()
        return sum.value
    }

    static func x1(_ n: Int) -> UInt64 {
        var sum = Checksum()
        var latest: Int?
        let source = FloorSubject()
        let other = FloorSubject()
        other.subscribe { latest = $0 }
        source.subscribe { value in
            if let latest { sum.add(Work.pair(value, latest)) }
        }
        for i in 0..<n {
            if Work.goesToOther(i) { other.send(i) } else { source.send(i) }
        }
        source.removeAll()
        other.removeAll()
        return sum.value
    }

    static func s6(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let pipeline = floorMap(Work.triple, floorFilter(Work.isEven) { sum.add($0) })
            floorJust(i)(pipeline)
        }
        return sum.value
    }

    static func s8(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let pipeline = floorMap(Work.triple, floorScan(0, Work.accumulate) { sum.add($0) })
        for i in 0..<n { pipeline(i) }
        return sum.value
    }

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = FloorSubject()
            subject.subscribe { sum.add($0) }
            subject.send(i)
            subject.removeAll()
        }
        return sum.value
    }

    static func mapFilterChain(_ end: @escaping (Int) -> Void) -> (Int) -> Void {
        var next = end
        for _ in 0..<Shape.mapFilterPairs {
            next = floorMap(Work.increment, floorFilter(Work.notMultipleOf7, next))
        }
        return next
    }

    static func flatMapChain(_ end: @escaping (Int) -> Void) -> (Int) -> Void {
        var next = end
        for _ in 0..<Shape.flatMapStages { next = floorFlatMapJust(Work.increment, next) }
        return next
    }

    static func flatMapLatestChain(_ end: @escaping (Int) -> Void) -> (Int) -> Void {
        var next = end
        for _ in 0..<Shape.flatMapStages { next = floorFlatMapLatestJust(Work.increment, next) }
        return next
    }

    static func combineLatestChain(_ end: @escaping (Int) -> Void) -> (Int) -> Void {
        var next = end
        for _ in 0..<Shape.combineLatestLevels { next = floorCombineLatestLevel(next) }
        return next
    }

    /// RxSwift's "pumping" shape: one subject, the chain built once, n sends.
    static func pumping(_ n: Int, chain: (@escaping (Int) -> Void) -> (Int) -> Void) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        subject.subscribe(chain { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    /// RxSwift's "creating" shape: n times build subject and chain, subscribe, send one value, dispose.
    static func creating(_ n: Int, chain: (@escaping (Int) -> Void) -> (Int) -> Void) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = FloorSubject()
            subject.subscribe(chain { sum.add($0) })
            subject.send(i)
            subject.removeAll()
        }
        return sum.value
    }
}
