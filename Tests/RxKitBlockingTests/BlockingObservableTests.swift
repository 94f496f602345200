import Dispatch
import Foundation
import RxKit
import RxKitBlocking
import Testing

struct BlockingTestError: Error, Equatable {}

func isTimeout(_ error: any Error) -> Bool {
    if case .timeout? = error as? RxError { return true }
    return false
}

func isRxError(_ error: any Error, _ expected: RxError) -> Bool {
    guard let error = error as? RxError else { return false }
    return error.debugDescription == expected.debugDescription
}

/// Counts how often its subscriptions are disposed, from any thread.
final class DisposalCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var disposals = 0
    var count: Int { lock.withLock { disposals } }
    func disposed() { lock.withLock { disposals += 1 } }
}

/// The blocking operators, as RxBlocking documents them. Swift Testing runs these off the main thread, where
/// a blocking operator waits on a semaphore; `MainThreadBlockingTests` covers the main thread's run loop.
@Suite struct BlockingObservableTests {
    // The timeout bounds every wait for a source on another thread: a regression fails, it never hangs.
    static let bound: TimeInterval = 30

    @Test func toArrayReturnsEveryElement() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
        #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
    }

    @Test func toArrayThrowsTheSequencesError() {
        #expect(throws: BlockingTestError()) {
            try Observable<Int>.error(BlockingTestError()).toBlocking().toArray()
        }
    }

    @Test func firstReturnsTheFirstElementAndDisposes() throws {
        let counter = DisposalCounter()
        let endless = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create { counter.disposed() }
        }
        #expect(try endless.toBlocking().first() == 1)
        #expect(counter.count == 1)
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        #expect(throws: BlockingTestError()) { try Observable<Int>.error(BlockingTestError()).toBlocking().first() }
    }

    @Test func lastReturnsTheLastElement() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().last() == 3)
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        #expect(throws: BlockingTestError()) {
            try Observable.of(1).concat(Observable<Int>.error(BlockingTestError())).toBlocking().last()
        }
    }

    @Test func singleRequiresExactlyOneElement() throws {
        #expect(try Observable.just(7).toBlocking().single() == 7)
        #expect { try Observable<Int>.empty().toBlocking().single() } throws: { isRxError($0, .noElements) }
        #expect { try Observable.of(1, 2).toBlocking().single() } throws: { isRxError($0, .moreThanOneElement) }
        #expect(throws: BlockingTestError()) { try Observable<Int>.error(BlockingTestError()).toBlocking().single() }
    }

    @Test func singleWithPredicateRequiresExactlyOneMatch() throws {
        #expect(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 } == 2)
        #expect { try Observable.of(1, 3).toBlocking().single { $0 == 2 } } throws: { isRxError($0, .noElements) }
        #expect { try Observable.of(2, 4).toBlocking().single { $0.isMultiple(of: 2) } } throws: {
            isRxError($0, .moreThanOneElement)
        }
        #expect(throws: BlockingTestError()) {
            try Observable.of(1, 2).toBlocking().single { _ in throw BlockingTestError() }
        }
    }

    @Test func materializeReportsHowTheSequenceEnded() {
        guard case .completed(let elements) = Observable.of(1, 2).toBlocking().materialize() else {
            Issue.record("expected .completed")
            return
        }
        #expect(elements == [1, 2])

        let failing = Observable.of(1).concat(Observable<Int>.error(BlockingTestError()))
        guard case .failed(let partial, let error) = failing.toBlocking().materialize() else {
            Issue.record("expected .failed")
            return
        }
        #expect(partial == [1])
        #expect(error as? BlockingTestError == BlockingTestError())
    }

    @Test func timeoutThrowsRxErrorTimeout() {
        #expect { try Observable<Int>.never().toBlocking(timeout: 0.001).first() } throws: { isTimeout($0) }
        let counter = DisposalCounter()
        let stalled = Observable<Int>.create { observer in
            observer.onNext(1)
            return Disposables.create { counter.disposed() }
        }
        guard case .failed(let elements, let error) = stalled.toBlocking(timeout: 0.001).materialize() else {
            Issue.record("expected .failed")
            return
        }
        #expect(elements == [1])
        #expect(isTimeout(error))
        #expect(counter.count == 1)
    }

    @Test func waitsForASequenceOnAnotherThread() throws {
        let background = ConcurrentDispatchQueueScheduler(qos: .default)
        let source = Observable.of(1, 2, 3).subscribe(on: background)
        #expect(try source.toBlocking(timeout: Self.bound).toArray() == [1, 2, 3])
        #expect(try source.toBlocking(timeout: Self.bound).first() == 1)
        let serial = SerialDispatchQueueScheduler(qos: .default)
        #expect(try Observable.just(4).observe(on: serial).toBlocking(timeout: Self.bound).single() == 4)
    }

    @Test func everyTraitBlocks() throws {
        #expect(try Single.just(1).toBlocking().single() == 1)
        #expect(try Maybe.just(2).toBlocking().first() == 2)
        #expect(try Maybe<Int>.empty().toBlocking().first() == nil)
        #expect(try Completable.empty().toBlocking().toArray().isEmpty)
        #expect(throws: BlockingTestError()) { try Completable.error(BlockingTestError()).toBlocking().toArray() }
        #expect(try Infallible.just(3).toBlocking().last() == 3)
        try SharingScheduler.mock(scheduler: ConcurrentDispatchQueueScheduler(qos: .default)) { () throws in
            #expect(try Driver.just(4).toBlocking(timeout: Self.bound).first() == 4)
            #expect(try Signal.just(5).toBlocking(timeout: Self.bound).toArray() == [5])
        }
        let relay = BehaviorRelay(value: 6)
        #expect(try relay.toBlocking().first() == 6)
    }
}
