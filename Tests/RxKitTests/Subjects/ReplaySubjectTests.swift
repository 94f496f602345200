import RxKit
import RxKitTest
import Testing

@Suite struct ReplaySubjectTests {
    @Test func boundedBufferReplaysTheLatestElements() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        scheduler.scheduleAt(110) { subject.onNext(1) }
        scheduler.scheduleAt(120) { subject.onNext(2) }
        scheduler.scheduleAt(130) { subject.onNext(3) }
        scheduler.scheduleAt(210) { subject.onNext(4) }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(200, 2), .next(200, 3), .next(210, 4)])
    }

    @Test func unboundedBufferReplaysEverythingAndTheTerminalEventAfterCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = ReplaySubject<Int>.createUnbounded()
        for value in 1...50 { subject.onNext(value) }
        subject.onError(testError)
        let observer = scheduler.createObserver(Int.self)
        _ = subject.subscribe(observer)
        #expect(observer.events.count == 51)
        #expect(observer.events.first == .next(0, 1))
        #expect(observer.events.last == .error(0, testError))
    }

    @Test func zeroBufferReplaysNothing() {
        let subject = ReplaySubject<Int>.create(bufferSize: 0)
        subject.onNext(1)
        var received: [Int] = []
        _ = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(2)
        #expect(received == [2])
    }

    @Test func longRunningBoundedBufferKeepsOnlyTheLast() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for value in 1...1_000 { subject.onNext(value) }
        var received: [Int] = []
        _ = subject.subscribe(onNext: { received.append($0) })
        #expect(received == [998, 999, 1_000])
    }

    @Test func negativeBufferSizeIsAPreconditionFailure() async {
        await #expect(processExitsWith: .failure) {
            _ = ReplaySubject<Int>.create(bufferSize: -1)
        }
    }

    @Test func boundedBufferWrapsAroundAndReplaysBeforeTheTerminalEvent() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for value in 1...10 { subject.onNext(value) }
        var live: [Int] = []
        _ = subject.subscribe(onNext: { live.append($0) })
        subject.onNext(11)
        subject.onCompleted()
        let scheduler = TestScheduler(initialClock: 0)
        let late = scheduler.createObserver(Int.self)
        _ = subject.subscribe(late)
        #expect(live == [8, 9, 10, 11])
        #expect(late.events == [.next(0, 9), .next(0, 10), .next(0, 11), .completed(0)])
    }

    @Test func boundedBufferReleasesItsElementsOnDisposeAndDeinit() {
        final class Payload {}
        weak var disposedOne: Payload?
        weak var droppedOne: Payload?
        weak var keptOne: Payload?
        let subject = ReplaySubject<Payload>.create(bufferSize: 1)
        do {
            let first = Payload()
            droppedOne = first
            subject.onNext(first)
            let second = Payload()
            disposedOne = second
            subject.onNext(second)
        }
        #expect(droppedOne == nil)  // pushed out of the one-slot buffer
        #expect(disposedOne != nil)
        subject.dispose()
        #expect(disposedOne == nil)
        do {
            let other = ReplaySubject<Payload>.create(bufferSize: 2)
            let payload = Payload()
            keptOne = payload
            other.onNext(payload)
        }
        #expect(keptOne == nil)  // released with the subject
    }
}
