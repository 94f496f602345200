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
}

@Suite struct AsyncSubjectTests {
    @Test func emitsOnlyTheLastElementOnCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(220) { subject.onNext(2) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(300, 2), .completed(300)])
        let late = scheduler.createObserver(Int.self)
        _ = subject.subscribe(late)
        #expect(late.events == [.next(1000, 2), .completed(1000)])
    }

    @Test func errorDropsTheElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(210) { subject.onNext(1) }
        scheduler.scheduleAt(300) { subject.onError(testError) }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.error(300, testError)])
    }

    @Test func completingEmptyEmitsOnlyCompleted() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = AsyncSubject<Int>()
        scheduler.scheduleAt(300) { subject.onCompleted() }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.completed(300)])
    }
}
