// The scenarios written with RxKit, as an RxSwift user would write them.
import RxKit

enum RxKitBench {
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

    static func r3(_ n: Int) -> UInt64 {
        var sum = Checksum()
        let subject = PublishSubject<Int>()
        let subscription = mapFilterChain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
        for i in 0..<n { subject.onNext(i) }
        subscription.dispose()
        return sum.value
    }

    static func r4(_ n: Int) -> UInt64 {
        var sum = Checksum()
        for i in 0..<n {
            let subject = PublishSubject<Int>()
            let subscription = mapFilterChain(subject.asObservable()).subscribe(onNext: { sum.add($0) })
            subject.onNext(i)
            subscription.dispose()
        }
        return sum.value
    }
}
