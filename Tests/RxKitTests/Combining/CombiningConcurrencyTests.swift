import Dispatch
import Foundation
import RxKit
import Testing

/// Records what an observer receives and whether it was ever entered by two threads at once.
fileprivate final class SerialityProbe<Element>: ObserverType, @unchecked Sendable {
    private let lock = NSLock()
    private var inside = false
    private var overlapCount = 0
    private var received: [Element] = []
    private var terminalCount = 0
    private var lastChecksum = 0

    func on(_ event: Event<Element>) {
        lock.lock()
        if inside { overlapCount += 1 }
        inside = true
        lock.unlock()
        // A little work outside the lock widens the window in which a concurrent call would be seen.
        var checksum = 0
        for step in 0..<256 { checksum &+= step }
        lock.lock()
        inside = false
        lastChecksum = checksum
        if case .next(let element) = event { received.append(element) } else { terminalCount += 1 }
        lock.unlock()
    }

    var overlaps: Int { lock.withLock { overlapCount } }
    var elements: [Element] { lock.withLock { received } }
    var terminals: Int { lock.withLock { terminalCount } }
}

/// Sends `count` elements (0..<count) into each subject, the two subjects fed from two threads at once.
/// Both threads first meet at a spin barrier, so their loops really run at the same time.
fileprivate func feedConcurrently(_ first: PublishSubject<Int>, _ second: PublishSubject<Int>, count: Int) {
    let barrierLock = NSLock()
    nonisolated(unsafe) var arrived = 0
    let finished = DispatchGroup()
    for subject in [first, second] {
        finished.enter()
        let thread = Thread {
            barrierLock.withLock { arrived += 1 }
            while barrierLock.withLock({ arrived }) < 2 {}
            for value in 0..<count { subject.onNext(value) }
            finished.leave()
        }
        thread.start()
    }
    finished.wait()
}

@Suite struct CombiningConcurrencyTests {
    let count = 20_000

    @Test func mergeSerialisesTwoSourcesFedFromTwoThreads() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let probe = SerialityProbe<Int>()
        let subscription = Observable.merge(a.asObservable(), b.asObservable()).subscribe(probe)
        feedConcurrently(a, b, count: count)
        a.onCompleted()
        b.onCompleted()
        #expect(probe.overlaps == 0)
        #expect(probe.elements.count == 2 * count)
        #expect(probe.terminals == 1)
        subscription.dispose()
    }

    @Test func flatMapSerialisesInnerSequencesFedFromTwoThreads() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let outer = PublishSubject<PublishSubject<Int>>()
        let probe = SerialityProbe<Int>()
        let subscription = outer.flatMap { $0 }.subscribe(probe)
        outer.onNext(a)
        outer.onNext(b)
        feedConcurrently(a, b, count: count)
        #expect(probe.overlaps == 0)
        #expect(probe.elements.count == 2 * count)
        subscription.dispose()
    }

    @Test func combineLatestSerialisesTwoSourcesFedFromTwoThreads() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let probe = SerialityProbe<Int>()
        let subscription = Observable.combineLatest(a, b) { $0 + $1 }.subscribe(probe)
        a.onNext(0)
        b.onNext(0)
        feedConcurrently(a, b, count: count)
        #expect(probe.overlaps == 0)
        // One combination for the priming pair, then one per element.
        #expect(probe.elements.count == 1 + 2 * count)
        #expect(probe.elements.last == 2 * (count - 1))
        subscription.dispose()
    }

    @Test func zipSerialisesTwoSourcesFedFromTwoThreadsAndKeepsPairsInOrder() {
        let a = PublishSubject<Int>(), b = PublishSubject<Int>()
        let probe = SerialityProbe<[Int]>()
        let subscription = Observable.zip([a, b]).subscribe(probe)
        feedConcurrently(a, b, count: count)
        #expect(probe.overlaps == 0)
        #expect(probe.elements == (0..<count).map { [$0, $0] })
        subscription.dispose()

        let c = PublishSubject<Int>(), d = PublishSubject<Int>()
        let tupleProbe = SerialityProbe<Int>()
        let tupleSubscription = Observable.zip(c, d) { $0 == $1 ? 1 : 0 }.subscribe(tupleProbe)
        feedConcurrently(c, d, count: count)
        #expect(tupleProbe.overlaps == 0)
        #expect(tupleProbe.elements == Array(repeating: 1, count: count))
        tupleSubscription.dispose()
    }

    @Test func withLatestFromSerialisesBothSourcesFedFromTwoThreads() {
        let first = PublishSubject<Int>(), second = PublishSubject<Int>()
        let probe = SerialityProbe<Int>()
        let subscription = first.withLatestFrom(second) { $0 + $1 }.subscribe(probe)
        second.onNext(0)
        feedConcurrently(first, second, count: count)
        #expect(probe.overlaps == 0)
        #expect(probe.elements.count == count)
        subscription.dispose()
    }
}
