// The scenarios written with OpenCombine 0.14 (the reference Combine implementation on Linux), line for
// line the same code as CombineKitBench.swift. OpenCombine has no combineLatest: those scenarios are "n/a".
import OpenCombine

enum OpenCombineBench {
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
        ]
    }

    static func subjectPumping(subscribers: Int, sends: Int) -> UInt64 {
        var sums = [Checksum](repeating: Checksum(), count: subscribers)
        let subject = PassthroughSubject<Int, Never>()
        let subscriptions = (0..<subscribers).map { k in
            subject.sink { sums[k].add($0) }
        }
        for i in 0..<sends { subject.send(i) }
        for subscription in subscriptions { subscription.cancel() }
        return Checksum.combine(sums)
    }

    static func s2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = subject
            .map(Work.triple)
            .filter(Work.isEven)
            .map(Work.addSeven)
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

    static func r2(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PassthroughSubject<Int, Never>()
            let subscription = subject.sink { sum.add($0) }
            subject.send(i)
            subscription.cancel()
        }
        return sum.value
    }

    /// Erased at the end, as an app stores such a chain; the stages themselves stay concrete.
    static func mapFilterChain(_ source: PassthroughSubject<Int, Never>) -> AnyPublisher<Int, Never> {
        source
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .map(Work.increment).filter(Work.notMultipleOf7)
            .eraseToAnyPublisher()
    }

    static func r3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PassthroughSubject<Int, Never>()
        let subscription = mapFilterChain(subject).sink { sum.add($0) }
        for i in 0..<n { subject.send(i) }
        subscription.cancel()
        return sum.value
    }

    static func r4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PassthroughSubject<Int, Never>()
            let subscription = mapFilterChain(subject).sink { sum.add($0) }
            subject.send(i)
            subscription.cancel()
        }
        return sum.value
    }
}
