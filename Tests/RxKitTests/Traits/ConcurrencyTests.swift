import Foundation
import RxKit
import RxKitTest
import Testing

/// async/await interop (RxSwift 6.5's Observable+Concurrency / PrimitiveSequence+Concurrency, RxCocoa's
/// SharedSequence+Concurrency; async create after ReactiveX/RxSwift#2479). No sleeps: every wait is on
/// a signal sent by the code under test.
@Suite(.timeLimit(.minutes(1))) struct ConcurrencyTests {
    /// A one-shot signal to await.
    final class Signal: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream<Void>.makeStream() }
        func fire() { continuation.finish() }
        func wait() async { for await _ in stream {} }
    }

    @Test func valuesDeliversElementsThenFinishes() async throws {
        var got: [Int] = []
        for try await value in Observable.of(1, 2, 3).values { got.append(value) }
        #expect(got == [1, 2, 3])
    }

    @Test func valuesThrowsTheError() async {
        var got: [Int] = []
        await #expect(throws: TestError.self) {
            for try await value in Observable.just(1).concat(Observable<Int>.error(testError)).values { got.append(value) }
        }
        #expect(got == [1])
    }

    @Test func breakingOutOfTheLoopDisposesTheSubscriptionWithoutLeaks() async throws {
        let delta = try await Resources.measure {
            let subject = BehaviorSubject(value: 0)
            for try await value in subject.values {
                if value == 0 { break }
            }
            #expect(!subject.hasObservers)
        }
        #expect(delta == 0)
    }

    @Test func cancellingTheConsumingTaskDisposesTheSubscription() async throws {
        let subscribed = Signal(), disposed = Signal()
        let subject = PublishSubject<Int>()
        let source = subject.do(onSubscribed: { subscribed.fire() }, onDispose: { disposed.fire() })
        let task = Task {
            var count = 0
            for try await _ in source.values { count += 1 }
            return count
        }
        await subscribed.wait()
        task.cancel()
        await disposed.wait()
        _ = try? await task.value
        #expect(!subject.hasObservers)
    }

    @Test func infallibleAndDriverValuesAreNonThrowingStreams() async {
        var got: [Int] = []
        let stream: AsyncStream<Int> = Infallible.of(1, 2).values
        for await value in stream { got.append(value) }
        #expect(got == [1, 2])

        // A Driver in virtual time: the stream subscribes when made; the scheduler delivers into its buffer.
        let scheduler = TestScheduler(initialClock: 0)
        var driverStream: AsyncStream<Int>?
        SharingScheduler.mock(scheduler: scheduler) {
            driverStream = Observable<Int>.error(testError).startWith(7).asDriver(onErrorJustReturn: 8).values
            scheduler.start()
        }
        var driven: [Int] = []
        for await value in driverStream! { driven.append(value) }
        #expect(driven == [7, 8])
    }

    @Test func singleValueSucceedsOrThrows() async throws {
        #expect(try await Single.just(5).value == 5)
        await #expect(throws: TestError.self) { _ = try await Single<Int>.error(testError).value }
        #expect(try await Maybe.just(1).value == 1)
        #expect(try await Maybe<Int>.empty().value == nil)
        try await Completable.empty().value
        await #expect(throws: TestError.self) { try await Completable.error(testError).value }
    }

    @Test func cancellingTheAwaitingTaskDisposesTheSingleAndThrowsCancellation() async throws {
        let delta = await Resources.measure {
            let subscribed = Signal(), disposed = Signal()
            let single = Single<Int>.never().do(onSubscribed: { subscribed.fire() }, onDispose: { disposed.fire() })
            let task = Task { try await single.value }
            await subscribed.wait()
            task.cancel()
            await disposed.wait()
            await #expect(throws: CancellationError.self) { _ = try await task.value }
        }
        #expect(delta == 0)
    }

    @Test func singleCreateRunsAsyncWork() async throws {
        let single = Single<Int>.create { await Task.yield(); return 42 }
        #expect(try await single.value == 42)
        let failing = Single<Int>.create { () async throws -> Int in throw testError }
        await #expect(throws: TestError.self) { _ = try await failing.value }
    }

    @Test func asyncCreateDeliversCompletesAndFails() async throws {
        let ok = Observable<Int>.create { observer in
            observer.onNext(1)
            await Task.yield()
            observer.onNext(2)
        }
        var got: [Int] = []
        for try await value in ok.values { got.append(value) }
        #expect(got == [1, 2])

        let bad = Observable<Int>.create { observer in
            observer.onNext(1)
            throw testError
        }
        await #expect(throws: TestError.self) { for try await _ in bad.values {} }
    }

    /// The async `create`'s task is inside a delivery when another thread disposes: `dispose()` returns only
    /// after that delivery has ended, so once it has returned the observer is never called (RxSwift's
    /// grammar: nothing reaches an observer after its subscription is disposed). The test holds the delivery
    /// until the disposing thread has returned or a bound has passed; with the delivery still running, it
    /// checks whether `dispose()` returned.
    @Test func disposeWaitsForADeliveryInProgressSoNothingFollowsIt() {
        final class Flag: @unchecked Sendable {
            private let lock = NSLock()
            private var set = false
            func raise() { lock.withLock { set = true } }
            var isSet: Bool { lock.withLock { set } }
        }
        let disposeReturned = Flag()
        let returnedDuringDelivery = Flag()
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let deliveryEnded = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { observer in
            var index = 0
            while !Task.isCancelled {
                index += 1
                observer.onNext(index)
                await Task.yield()
            }
        }
        let subscription = source.subscribe(onNext: { value in
            if disposeReturned.isSet { returnedDuringDelivery.raise() }
            guard value == 1 else { return }
            inDelivery.signal()
            proceed.wait()
            if disposeReturned.isSet { returnedDuringDelivery.raise() }
            deliveryEnded.signal()
        })
        struct Handle: @unchecked Sendable { let disposable: Disposable }  // disposing is thread-safe
        let handle = Handle(disposable: subscription)
        inDelivery.wait()
        let disposed = DispatchSemaphore(value: 0)
        Thread {
            handle.disposable.dispose()
            disposeReturned.raise()
            disposed.signal()
        }.start()
        // Only a bound on how long to give the disposing thread (it must not return while the delivery runs).
        let returnedEarly = disposed.wait(timeout: .now() + .milliseconds(200)) == .success
        proceed.signal()
        deliveryEnded.wait()
        if !returnedEarly { disposed.wait() }
        #expect(!returnedDuringDelivery.isSet, "dispose() returned while a delivery was still running")
    }

    @Test func disposingCancelsTheAsyncWork() async {
        let delta = await Resources.measure {
            let started = Signal(), cancelled = Signal()
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                await withTaskCancellationHandler {
                    let (forever, _) = AsyncStream<Void>.makeStream()
                    for await _ in forever {}  // ends only on cancellation
                } onCancel: {
                    cancelled.fire()
                }
                observer.onNext(2)  // after dispose: must not arrive
            }
            let received = LockedArray()
            let subscription = source.subscribe(onNext: { received.append($0); started.fire() })
            await started.wait()
            subscription.dispose()
            await cancelled.wait()
            #expect(received.values == [1])
        }
        #expect(delta == 0)
    }

    @Test func asyncSequenceAsObservable() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, Swift.Error>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish(throwing: testError)
        var got: [Int] = []
        await #expect(throws: TestError.self) {
            for try await value in stream.asObservable().values { got.append(value) }
        }
        #expect(got == [1, 2])
    }

    @Test func disposingAnAsyncSequenceObservableCancelsTheIteration() async {
        let terminated = Signal(), first = Signal()
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.onTermination = { _ in terminated.fire() }
        continuation.yield(1)
        let subscription = stream.asObservable().subscribe(onNext: { _ in first.fire() })
        await first.wait()
        subscription.dispose()
        await terminated.wait()  // the iterating task was cancelled, which terminates the stream
    }
}

/// A thread-safe array for values recorded from another task.
final class LockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.withLock { storage.append(value) } }
    var values: [Int] { lock.withLock { storage } }
}
