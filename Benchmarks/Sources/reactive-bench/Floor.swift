// The floor: each scenario's work written with plain closures and no framework. A subject is an array of
// closures; an operator is a closure that calls the next one. The builders are `@inline(never)` so, like a
// framework, the stages meet through opaque closure calls instead of being fused by the optimiser.

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

enum FloorBench {
    static func workloads() -> Workloads {
        [
            "S1": { n in subjectPumping(subscribers: 1, sends: n) },
            "S2": s2,
            "S6": s6,
            "S7": { n in subjectPumping(subscribers: Shape.s7Subscribers, sends: n) },
            "R1": { n in subjectPumping(subscribers: Shape.twoSubscribers, sends: n) },
            "R2": r2,
            "R3": r3,
            "R4": r4,
            "S3": s3,
            "S4": s4,
            "S5": s5,
            "S8": s8,
        ]
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
        let receiver: (Int) -> Void = { sum.add($0) }
        subject.subscribe { floorJust(Work.twice($0))(receiver) }
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    /// flatMapLatest: each outer value starts a new inner and supersedes the previous one.
    static func s4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        var latest = 0
        let subject = FloorSubject()
        subject.subscribe { value in
            latest &+= 1
            let generation = latest
            floorJust(Work.twice(value))({ inner in
                if generation == latest { sum.add(inner) }
            })
        }
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    /// combineLatest(a, b) { a * 1_000_003 + b }, sends alternate a, b, a, b, …
    static func s5(_ n: Int) -> UInt64 {
        var sum = Checksum()
        var lastA: Int?
        var lastB: Int?
        let a = FloorSubject()
        let b = FloorSubject()
        a.subscribe { value in
            lastA = value
            if let lastB { sum.add(value &* 1_000_003 &+ lastB) }
        }
        b.subscribe { value in
            lastB = value
            if let lastA { sum.add(lastA &* 1_000_003 &+ value) }
        }
        for i in 0..<n {
            if i & 1 == 0 { a.send(i) } else { b.send(i) }
        }
        a.removeAll()
        b.removeAll()
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

    static func r3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = FloorSubject()
        subject.subscribe(mapFilterChain { sum.add($0) })
        for i in 0..<n { subject.send(i) }
        subject.removeAll()
        return sum.value
    }

    static func r4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = FloorSubject()
            subject.subscribe(mapFilterChain { sum.add($0) })
            subject.send(i)
            subject.removeAll()
        }
        return sum.value
    }
}
